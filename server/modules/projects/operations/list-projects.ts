import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listProjects as list, PROJECT_SCOPES } from '../project-list.js';
import { activeViewer } from '../project-view.js';

export const listProjects = defineRoute({
  method: 'GET',
  url: '/projects',
  access: { permission: 'projects:view' },
  summary:
    'Every project the active company runs, is the client of or works on as a crew company, each with its relation and canManage (paged list; filters: code, projectName, status, clientName, companyName, projectNumber, powoNumber, city, state, startDate, endDate, marketName, parentName, createdAt, clientId, companyId, projectId (parent), marketId; q searches name and code)',
  tags: ['projects'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => {
    const viewer = activeViewer(actor);
    return sendPage(reply, await list(services.db, viewer, PROJECT_SCOPES.visible(viewer.companyId), query));
  },
});
