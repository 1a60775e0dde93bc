import { stationsBody } from '../../../../resources/project.js';
import { defineRoute } from '../../../http/route.js';
import { manageGuard, projectParams, viewGuard } from '../project-params.js';
import { listStations as list, replaceStations as replace } from '../project-stations.js';

export const listStations = defineRoute({
  method: 'GET',
  url: '/projects/:id/stations',
  access: { permission: 'projects:view' },
  summary: "The project's stations in order along the job",
  tags: ['projects'],
  params: projectParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => list(services.db, actor, params.id),
});

export const replaceStations = defineRoute({
  method: 'PATCH',
  url: '/projects/:id/stations',
  access: { permission: 'projects:view' },
  summary: "Replace the project's stations with the sent list, in its order (the company that runs it, with projects:manage); answers the stations",
  tags: ['projects'],
  params: projectParams,
  body: stationsBody,
  guard: manageGuard,
  handler: ({ actor, services, params, body }) => replace(services, actor, params.id, body),
});
