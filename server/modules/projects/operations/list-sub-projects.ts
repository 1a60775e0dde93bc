import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listSubProjects as list } from '../project-list.js';
import { subProjectsParams, viewGuard } from '../project-params.js';

export const listSubProjects = defineRoute({
  method: 'GET',
  url: '/projects/:id/sub-projects/:companyId',
  access: { permission: 'projects:view' },
  summary:
    'The sub-projects of a project that the company with that id runs, or of every company with companyId 0, among those the active company may see (paged list, the filters of GET /projects)',
  tags: ['projects'],
  params: subProjectsParams,
  query: listQuery,
  guard: viewGuard,
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await list(services.db, actor, params.id, params.companyId, query)),
});
