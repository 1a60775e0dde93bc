import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listLocates as list } from '../locate-list.js';
import { VIEW } from '../locate-params.js';

export const listLocates = defineRoute({
  method: 'GET',
  url: '/locates/all',
  access: VIEW,
  summary:
    "The acting company's locate tickets with project and client names, response count and expired (not closed, past expiresOn in UTC) (paged list, X-Total-Count; filters: id, ticketNumber, status, projectId, clientId, address, city, digStartDate, expiresOn (expiresOn_gte/expiresOn_lte, YYYY-MM-DD: expiring soon is a range from today), createdAt, q over the text fields; sort: expiresOn (default, next to expire first), ticketNumber, status, projectName, address, city, digStartDate, createdAt, id)",
  tags: ['locates'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor, query)),
});
