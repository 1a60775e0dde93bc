import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listProductions as list } from '../production-list.js';

export const listProductions = defineRoute({
  method: 'GET',
  url: '/production',
  access: { permission: 'productions:view' },
  summary:
    "The productions the acting company may see: its own, its subcontractors' submitted ones on projects it runs, approved ones of projects it is the client of; with item count, amount and its own review status (paged list, X-Total-Count; filters: id, status, projectId, crewId, companyId, date (date_gte/date_lt, YYYY-MM-DD), projectCode, projectName, crewName, companyName, createdAt; sort: date (default, newest first), status, projectCode, projectName, crewName, companyName, createdAt)",
  tags: ['productions'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor, query)),
});
