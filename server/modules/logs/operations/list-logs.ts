import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listLogs as list } from '../log-list.js';

export const listLogs = defineRoute({
  method: 'GET',
  url: '/logs',
  access: { permission: 'logs:view' },
  summary:
    "The acting company's daily logs with project, crew and author names and the weather when recorded (paged list, X-Total-Count; filters: id, date (date_gte/date_lte, YYYY-MM-DD), status, projectId, crewId, userId, description, address, createdAt, q over description and address; sort: date (default, newest first), status, createdAt, id)",
  tags: ['logs'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor, query)),
});
