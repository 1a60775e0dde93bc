import { budgetReportRoutes } from './operations/budget-report.js';
import { flightBoardRoutes } from './operations/flight-board-report.js';
import { invoicesReportRoutes } from './operations/invoices-report.js';
import { projectProductionReportRoutes } from './operations/project-production-report.js';

/** The Reports group (issue 19): each report's document and its xlsx and PDF downloads. */
export const reportRoutes = [...projectProductionReportRoutes, ...invoicesReportRoutes, ...budgetReportRoutes, ...flightBoardRoutes];
