import { createItemBody } from '../../../../resources/items.js';
import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { activeActor, partnershipParams } from '../item-params.js';
import { createItem, listItems } from '../item-service.js';

export const listPartnershipItems = defineRoute({
  method: 'GET',
  url: '/partnerships/:id/items',
  access: { permission: 'items:view' },
  summary: "The active company's items made for one of its partnerships (paged list, same filters as GET /items); another company's partnership is a 404",
  tags: ['items'],
  params: partnershipParams,
  query: listQuery,
  handler: async ({ actor, services, params, query, reply }) =>
    sendPage(reply, await listItems(services, actor.membership!.companyId, query, params.id)),
});

export const createPartnershipItem = defineRoute({
  method: 'POST',
  url: '/partnerships/:id/items',
  access: { permission: 'items:manage' },
  status: 201,
  summary: "Create an item for one of the active company's partnerships; its clientId is the partnership's client. Answers the item",
  tags: ['items'],
  params: partnershipParams,
  body: createItemBody,
  handler: ({ actor, services, params, body }) => createItem(services, activeActor(actor), body, params.id),
});
