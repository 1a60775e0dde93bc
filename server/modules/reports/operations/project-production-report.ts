import { projectProductionReport } from '../builders/project-production.js';
import { reportRoutes } from '../report-route.js';

export const projectProductionReportRoutes = reportRoutes(
  'project-production',
  "a project's approved production per item, crew and day within from–to (the project's days, both included; left out, its start and today), against its budget, every figure from the figures model",
  projectProductionReport,
);
