import { defineRoute } from '../../../http/route.js';
import { projectParams } from '../budget-params.js';
import { projectBudgetScope } from '../budget-scope.js';
import { getProjectBudget as get } from '../budget-view.js';

export const getProjectBudget = defineRoute({
  method: 'GET',
  url: '/projects/:id/budget',
  access: { permission: 'projects:view' },
  summary: "The project's one budget, as GET /projects/{id}/budgets/{budgetId} answers it, for a caller who knows only the project",
  tags: ['budgets'],
  params: projectParams,
  guard: async ({ actor, services, params }) => void (await projectBudgetScope(services.db, actor, params.id)),
  handler: ({ actor, services, params }) => get(services, actor, params.id),
});
