import { budgetReport } from '../builders/budget.js';
import { reportRoutes } from '../report-route.js';

export const budgetReportRoutes = reportRoutes(
  'budget',
  "a project's budgets (companyId: the project's company or a sub-project's; categoryId: a category with those under it; left out, all) planned against produced against billed per item, category and company, accepted and pending change orders, and what approved production spent of the plan within from–to (the project's days, both included; left out, all of them) per day, from the services of budget-distribution, budget-details and budget-spent",
  budgetReport,
);
