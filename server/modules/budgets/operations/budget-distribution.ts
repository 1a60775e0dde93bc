import { defineRoute } from '../../../http/route.js';
import { projectAccess } from '../../projects/project-access.js';
import { budgetDistribution as distribution } from '../budget-figures.js';
import { figuresParams } from '../budget-params.js';

export const budgetDistribution = defineRoute({
  method: 'GET',
  url: '/projects/:id/budget-distribution/:companyId/:categoryId',
  access: { permission: 'projects:view' },
  summary:
    "Planned money per item category, largest first, with each category's share of the total (a percent with 2 decimals). companyId: whose budget, the project's company or a sub-project's (whose sub-project budgets count too), 0 for all; categoryId: a category with its subcategories, 0 for all",
  tags: ['budgets'],
  params: figuresParams,
  guard: async ({ actor, services, params }) => void (await projectAccess(services.db, actor, params.id, 'view')),
  handler: ({ actor, services, params }) => distribution(services, actor, params.id, params.companyId, params.categoryId),
});
