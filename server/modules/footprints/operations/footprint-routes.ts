import { createFootprintBody, updateFootprintBody } from '../../../../resources/footprint.js';
import { defineRoute } from '../../../http/route.js';
import { entityActivity } from '../../../lib/entity-activity.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { footprintOf } from '../footprint-access.js';
import { listFootprints as list } from '../footprint-list.js';
import { footprintGuard as guard, idParams } from '../footprint-params.js';
import { createFootprint as create, deleteFootprint as remove, updateFootprint as update } from '../footprint-service.js';
import { loadFootprint } from '../footprint-view.js';

export const listFootprints = defineRoute({
  method: 'GET',
  url: '/footprints',
  access: { permission: 'footprints:view' },
  summary:
    "The acting company's footprints without their points (paged list, X-Total-Count; filters: id, date (date_gte/_lte, YYYY-MM-DD), restorationStatus, kind, projectId, crewId, typeId, projectCode, projectName, typeName, crewName, createdByName, createdAt; sort: date (default, newest first), restorationStatus, kind, projectCode, projectName, typeName, crewName, areaM2, lengthM, createdByName, createdAt)",
  tags: ['footprints'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor, query)),
});

export const createFootprint = defineRoute({
  method: 'POST',
  url: '/footprints',
  access: { permission: 'footprints:manage' },
  status: 201,
  summary:
    "Draw a footprint on a project the company works on: typeId (the company's footprint type), crewId (its crew, or null), date, kind polygon (3+ points) or line (2+), points [[lat, lng], …] (at most 2,000), notes. The server computes areaM2 (polygon), lengthM (line length or perimeter) and the center; starts open; a footprint notification. Answers the footprint",
  tags: ['footprints'],
  body: createFootprintBody,
  handler: ({ actor, services, body }) => create(services, actor, body),
});

export const getFootprint = defineRoute({
  method: 'GET',
  url: '/footprints/:id',
  access: { permission: 'footprints:view' },
  summary: 'A footprint of the acting company with its points, measures, notes, photo count and the restoration statuses it may move to',
  tags: ['footprints'],
  params: idParams,
  guard,
  handler: async ({ actor, services, params }) => {
    await footprintOf(services.db, actor, params.id);
    return loadFootprint(services.db, params.id);
  },
});

export const updateFootprint = defineRoute({
  method: 'PATCH',
  url: '/footprints/:id',
  access: { permission: 'footprints:manage' },
  summary:
    'Change the fields sent (a new shape: kind with points, measured again); restorationStatus moves through the state machine (open → temporary | restored, temporary → restored, restored → inspected | temporary; 409 otherwise, nothing changed). Answers the footprint',
  tags: ['footprints'],
  params: idParams,
  body: updateFootprintBody,
  guard,
  handler: ({ actor, services, params, body }) => update(services, actor, params.id, body),
});

export const deleteFootprint = defineRoute({
  method: 'DELETE',
  url: '/footprints/:id',
  access: { permission: 'footprints:manage' },
  summary: 'Delete an open footprint with its photos; 409 once its restoration started',
  tags: ['footprints'],
  params: idParams,
  guard,
  handler: ({ actor, services, params }) => remove(services, actor, params.id),
});

export const footprintActivity = defineRoute({
  method: 'GET',
  url: '/footprints/:id/activity',
  access: { permission: 'footprints:view' },
  summary: "The footprint's audit events (changes, restoration moves, photos), newest first (paged, X-Total-Count)",
  tags: ['footprints'],
  params: idParams,
  query: listQuery,
  guard,
  handler: async ({ actor, services, params, query, reply }) => {
    await footprintOf(services.db, actor, params.id);
    return sendPage(reply, await entityActivity(services.db, 'footprint', params.id, query));
  },
});
