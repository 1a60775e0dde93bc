import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listParentItems as list } from '../budget-lists.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { budgetScope } from '../budget-scope.js';

export const listParentItems = defineRoute({
  method: 'GET',
  url: `${BUDGET_URL}/items/parent`,
  access: { permission: 'projects:view' },
  summary:
    "For a sub-project's budget, the parent project's budget items, read-only (an empty list for a top-level project; 403 for a company that only works on the sub-project as a crew company); paged list with the filters of items/company",
  tags: ['budgets'],
  params: budgetParams,
  query: listQuery,
  guard: async ({ actor, services, params }) => void (await budgetScope(services.db, actor, params)),
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await list(services, actor, params, query)),
});
