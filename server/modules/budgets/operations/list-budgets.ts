import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listBudgets as list } from '../budget-lists.js';

export const listBudgets = defineRoute({
  method: 'GET',
  url: '/budgets',
  access: { permission: 'projects:view' },
  summary:
    'The budgets of every project the active company runs, is the client of or works on, newest first (paged list; filters: id, projectId, companyId, status, singlePart, projectName, projectCode, submittedAt, approvedAt, createdAt, updatedAt)',
  tags: ['budgets'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor, query)),
});
