import { budgetSpentBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { projectAccess } from '../../projects/project-access.js';
import { budgetSpent as spent } from '../budget-figures.js';
import { projectParams } from '../budget-params.js';

export const budgetSpent = defineRoute({
  method: 'POST',
  url: '/projects/:id/budget-spent',
  access: { permission: 'reports-open' },
  summary:
    'The planned total against what was spent and billed in the range (companyId and categoryId as in budget-distribution, none for all; range.from and range.to dates); spending and billing are 0.00 until productions and invoices land',
  tags: ['budgets'],
  params: projectParams,
  body: budgetSpentBody,
  guard: async ({ actor, services, params }) => void (await projectAccess(services.db, actor, params.id, 'view')),
  handler: ({ actor, services, params, body }) => spent(services, actor, params.id, body),
});
