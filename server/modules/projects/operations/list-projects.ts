import { nearQuery } from '../../../../resources/project.js';
import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listProjects as list, PROJECT_SCOPES } from '../project-list.js';
import { activeViewer } from '../project-view.js';

export const listProjects = defineRoute({
  method: 'GET',
  url: '/projects',
  access: { permission: 'projects:view' },
  summary:
    'Every project the active company runs, is the client of or works on as a crew company, each with its relation and canManage (paged list; filters: code, projectName, status, clientName, companyName, projectNumber, powoNumber, city, state, startDate, endDate, marketName, parentName, createdAt, clientId, companyId, projectId (parent), marketId; q searches name and code). near=<lat>,<lng> (decimal degrees, a phone\'s position) sorts nearest first by the project\'s own position (straight-line distance, equirectangular), projects without a position last, then by _sort or the usual order; each project then carries distanceKm (1 decimal; null without a position). A malformed or out-of-range near is a 400',
  tags: ['projects'],
  query: listQuery.extend({ near: nearQuery.optional().describe('<lat>,<lng>: nearest first, with distanceKm') }),
  handler: async ({ actor, services, query: { near, ...query }, reply }) => {
    const viewer = activeViewer(actor);
    return sendPage(reply, await list(services.db, viewer, PROJECT_SCOPES.visible(viewer.companyId), query, near));
  },
});
