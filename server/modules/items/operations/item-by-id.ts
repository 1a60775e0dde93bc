import { updateItemBody } from '../../../../resources/items.js';
import { defineRoute } from '../../../http/route.js';
import { itemParams } from '../item-params.js';
import { deleteItem as remove, getItem as get, updateItem as update } from '../item-service.js';

const actorIn = (actor: { user: { id: number } }, company: { companyId: number }) => ({ userId: actor.user.id, companyId: company.companyId });

export const getItem = defineRoute({
  method: 'GET',
  url: '/items/:id',
  access: { company: 'id', of: 'items', permission: 'items:view' },
  summary: 'One item',
  tags: ['items'],
  params: itemParams,
  handler: ({ services, params }) => get(services, params.id),
});

export const updateItem = defineRoute({
  method: 'PATCH',
  url: '/items/:id',
  access: { company: 'id', of: 'items', permission: 'items:manage' },
  summary: 'Update an item (iconId: null removes its icon); answers the item',
  tags: ['items'],
  params: itemParams,
  body: updateItemBody,
  handler: ({ actor, company, services, params, body }) => update(services, actorIn(actor, company), params.id, body),
});

export const deleteItem = defineRoute({
  method: 'DELETE',
  url: '/items/:id',
  access: { company: 'id', of: 'items', permission: 'items:manage' },
  summary: 'Delete an item',
  tags: ['items'],
  params: itemParams,
  handler: ({ actor, company, services, params }) => remove(services, actorIn(actor, company), params.id),
});
