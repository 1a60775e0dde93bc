import { createLocateBody, updateLocateBody } from '../../../../resources/locate.js';
import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { entityActivity } from '../../../lib/entity-activity.js';
import { idParams, locateGuard, MANAGE, VIEW } from '../locate-params.js';
import { createLocate as create, deleteLocate as remove, getLocate as get, updateLocate as update } from '../locate-service.js';

export const createLocate = defineRoute({
  method: 'POST',
  url: '/locates',
  access: MANAGE,
  status: 201,
  summary:
    'A locate ticket of the acting company: ticketNumber (once per company, 409), projectId (a project the company sees), clientId (the project’s client by default), address, city, state, lat and lng (both or neither), digStartDate, expiresOn (after digStartDate), status (open or ready), description. Answers the ticket with its responses',
  tags: ['locates'],
  body: createLocateBody,
  handler: ({ actor, services, body }) => create(services, actor, body),
});

export const getLocate = defineRoute({
  method: 'GET',
  url: '/locates/:id',
  access: VIEW,
  summary: 'One ticket with its responses and canManage; another company’s is 404',
  tags: ['locates'],
  params: idParams,
  guard: locateGuard,
  handler: ({ actor, services, params }) => get(services, actor, params.id),
});

export const updateLocate = defineRoute({
  method: 'PATCH',
  url: '/locates/:id',
  access: MANAGE,
  summary:
    'The keys sent change. Status moves: open → ready (not once expired), ready → open, open | ready → closed, closed → open; any other, or any change to a closed ticket but reopening it, is 409. Answers the ticket',
  tags: ['locates'],
  params: idParams,
  body: updateLocateBody,
  guard: locateGuard,
  handler: ({ actor, services, params, body }) => update(services, actor, params.id, body),
});

export const deleteLocate = defineRoute({
  method: 'DELETE',
  url: '/locates/:id',
  access: MANAGE,
  summary: 'Delete a ticket with its responses',
  tags: ['locates'],
  params: idParams,
  guard: locateGuard,
  handler: ({ actor, services, params }) => remove(services, actor, params.id),
});

export const locateActivity = defineRoute({
  method: 'GET',
  url: '/locates/:id/activity',
  access: VIEW,
  summary: "The ticket's audit events (its changes and its responses'), newest first (paged list, X-Total-Count)",
  tags: ['locates'],
  params: idParams,
  query: listQuery,
  guard: locateGuard,
  handler: async ({ services, params, query, reply }) => sendPage(reply, await entityActivity(services.db, 'locate', params.id, query)),
});
