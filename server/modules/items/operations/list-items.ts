import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listItems as list } from '../item-service.js';

export const listItems = defineRoute({
  method: 'GET',
  url: '/items',
  access: { permission: 'items:view' },
  summary:
    "The active company's items, its own and those made for its partnerships (paged list; filters: name, code, unit, categoryId, categoryName, productionIsAllowed, productionItemType, lineColor, photosNumber, marketId, marketName, partnershipId, clientId, clientName, createdAt)",
  tags: ['items'],
  query: listQuery,
  cache: 'company',
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor.membership!.companyId, query)),
});
