import { mapQuery } from '../../../../resources/map.js';
import { defineRoute } from '../../../http/route.js';
import { mapMarkers } from '../map-service.js';

export const listMapMarkers = defineRoute({
  method: 'GET',
  url: '/map/markers',
  access: 'member',
  summary:
    'What the map shows in bbox=west,south,east,north (degrees; the world when not sent) at zoom (0–22): the layers asked (layers=projects,checkins,damages,footprints; all by default), each only with its view permission and only the rows the acting company may see, optionally of one project (projectId). A layer with more than 500 points in the box answers grid clusters counted in SQL (count and mean position; a cell of one answers its record). Answers { points, clusters, clustered }',
  tags: ['map'],
  query: mapQuery,
  handler: ({ actor, services, query }) => mapMarkers(services, actor, query),
});
