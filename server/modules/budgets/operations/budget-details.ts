import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { projectAccess } from '../../projects/project-access.js';
import { budgetDetails as details } from '../budget-figures.js';
import { figuresParams } from '../budget-params.js';

export const budgetDetails = defineRoute({
  method: 'GET',
  url: '/projects/:id/budget-details/:companyId/:categoryId',
  access: { permission: 'projects:view' },
  summary:
    'Per budget item: quantity, price, planned amount, the amount accepted change orders added, produced and billed amounts (0 until productions and invoices) and what remains; one page of rows (_start/_end, 25 by default and 200 at most; _sort/_order by budgetItemId, itemName, unit, categoryName, quantity, price, plannedAmount, changeOrderAmount; by item name unless told), with itemCount (also X-Total-Count) and the totals over every row; companyId and categoryId as in budget-distribution',
  tags: ['budgets'],
  params: figuresParams,
  query: listQuery,
  guard: async ({ actor, services, params }) => void (await projectAccess(services.db, actor, params.id, 'view')),
  handler: async ({ actor, services, params, query, reply }) => {
    const answer = await details(services, actor, params.id, params.companyId, params.categoryId, query);
    sendPage(reply, { rows: answer.rows, total: answer.itemCount });
    return answer;
  },
});
