import { defineRoute } from '../../../http/route.js';
import { projectAccess } from '../../projects/project-access.js';
import { budgetDetails as details } from '../budget-figures.js';
import { figuresParams } from '../budget-params.js';

export const budgetDetails = defineRoute({
  method: 'GET',
  url: '/projects/:id/budget-details/:companyId/:categoryId',
  access: { permission: 'projects:view' },
  summary:
    'Per budget item: quantity, price, planned amount, the amount accepted change orders added, produced and billed amounts (0 until productions and invoices) and what remains, with totals; companyId and categoryId as in budget-distribution',
  tags: ['budgets'],
  params: figuresParams,
  guard: async ({ actor, services, params }) => void (await projectAccess(services.db, actor, params.id, 'view')),
  handler: ({ actor, services, params }) => details(services, actor, params.id, params.companyId, params.categoryId),
});
