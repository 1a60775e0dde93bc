import { createItemBody } from '../../../../resources/items.js';
import { defineRoute } from '../../../http/route.js';
import { activeActor } from '../item-params.js';
import { createItem as create } from '../item-service.js';

export const createItem = defineRoute({
  method: 'POST',
  url: '/items',
  access: { permission: 'items:manage' },
  status: 201,
  summary: "Create one of the active company's own items, for no partnership in particular; answers the item",
  tags: ['items'],
  body: createItemBody,
  handler: ({ actor, services, body }) => create(services, activeActor(actor), body),
});
