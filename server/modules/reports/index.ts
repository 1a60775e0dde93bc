import { budgetReportRoutes } from './operations/budget-report.js';
import { projectProductionReportRoutes } from './operations/project-production-report.js';

/** The Reports group (issue 19): each report's document and its xlsx and PDF downloads. */
export const reportRoutes = [...projectProductionReportRoutes, ...budgetReportRoutes];
