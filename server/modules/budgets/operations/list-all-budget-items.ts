import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listAllBudgetItems as list } from '../budget-lists.js';

export const listAllBudgetItems = defineRoute({
  method: 'GET',
  url: '/budgetItems',
  access: { permission: 'projects:view' },
  summary:
    "Budget items of one budget (budgetId=) or one project's budget (projectId=), of projects the active company may see (400 without either; paged list, the filters of items/company)",
  tags: ['budgets'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor, query)),
});
