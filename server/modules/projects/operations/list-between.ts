import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listBetween } from '../project-list.js';
import { betweenParams } from '../project-params.js';
import { activeViewer } from '../project-view.js';

export const listProjectsBetween = defineRoute({
  method: 'GET',
  url: '/projects/:clientId/:subcontractorId',
  access: { permission: 'projects:view' },
  summary:
    "The client–subcontractor view: projects the subcontractor runs for the client, sub-projects under the client's projects included (paged list, the filters of GET /projects); the active company must be one of the two, else 404",
  tags: ['projects'],
  params: betweenParams,
  query: listQuery,
  handler: async ({ actor, services, params, query, reply }) =>
    sendPage(reply, await listBetween(services.db, activeViewer(actor), params.clientId, params.subcontractorId, query)),
});
