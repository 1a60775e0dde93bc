import { productionStationsBody, productionTraceBody } from '../../../../resources/production.js';
import { defineRoute } from '../../../http/route.js';
import { entityActivity } from '../../../lib/entity-activity.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listSiblings } from '../production-list.js';
import { currentProduction, idParams, manageGuard, viewGuard } from '../production-params.js';
import { productionScope } from '../production-access.js';
import { addTrace, listTraces, replaceStations } from '../production-stations.js';

export const productionActivityRoute = defineRoute({
  method: 'GET',
  url: '/production/:id/activity',
  access: { permission: 'productions:view' },
  summary:
    "The production's audit trail, newest first, with who acted: moves, reviews, items, stations, traces, photos and comments (paged list, the shape of a budget's activity; filters: action, createdAt)",
  tags: ['productions'],
  params: idParams,
  query: listQuery,
  guard: viewGuard,
  handler: async ({ actor, services, params, query, reply }) => {
    await productionScope(services.db, actor, params.id);
    return sendPage(reply, await entityActivity(services.db, 'production', params.id, query));
  },
});

export const productionStations = defineRoute({
  method: 'PATCH',
  url: '/production/:id/stations',
  access: { permission: 'productions:manage' },
  summary: "The project stations the day's work covered (stationIds, replaced as a set; each a station of the project); 409 unless draft. Answers the production",
  tags: ['productions'],
  params: idParams,
  body: productionStationsBody,
  guard: manageGuard,
  current: currentProduction,
  handler: ({ actor, services, params, body }) => replaceStations(services, actor, params.id, body.stationIds),
});

export const productionSiblings = defineRoute({
  method: 'GET',
  url: '/production/:id/siblings',
  access: { permission: 'productions:view' },
  summary: "The other crews' productions on the project that day that the acting company may see, by crew name",
  tags: ['productions'],
  params: idParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => listSiblings(services, actor, params.id),
});

export const productionTraces = defineRoute({
  method: 'GET',
  url: '/production/:id/traces',
  access: { permission: 'productions:view' },
  summary: 'Where the work ran: the lines of [lat, lng] points recorded on the production, with their length in metres, oldest first',
  tags: ['productions'],
  params: idParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => listTraces(services, actor, params.id),
});

export const addProductionTrace = defineRoute({
  method: 'POST',
  url: '/production/:id/traces',
  access: { permission: 'productions:manage' },
  status: 201,
  summary: 'Record a line of at least two [lat, lng] points where the work ran, kept with its length in metres (haversine); 409 unless draft. Answers the trace',
  tags: ['productions'],
  params: idParams,
  body: productionTraceBody,
  guard: manageGuard,
  current: currentProduction,
  handler: ({ actor, services, params, body }) => addTrace(services, actor, params.id, body.points),
});
