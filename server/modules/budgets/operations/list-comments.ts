import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listComments as list } from '../budget-comments.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { budgetScope } from '../budget-scope.js';

export const listComments = defineRoute({
  method: 'GET',
  url: `${BUDGET_URL}/comments`,
  access: { permission: 'projects:view' },
  summary: "The budget's comments, oldest first unless sorted (paged list; filters: id, budgetItemId, companyId, authorName, comment, createdAt); for any company related to the project",
  tags: ['budgets'],
  params: budgetParams,
  query: listQuery,
  guard: async ({ actor, services, params }) => void (await budgetScope(services.db, actor, params)),
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await list(services, actor, params, query)),
});
