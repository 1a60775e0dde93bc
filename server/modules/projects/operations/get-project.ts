import { defineRoute } from '../../../http/route.js';
import { projectParams } from '../project-params.js';
import { activeViewer, loadProject } from '../project-view.js';

export const getProject = defineRoute({
  method: 'GET',
  url: '/projects/:id',
  access: { permission: 'projects:view' },
  summary: "One project as the active company sees it (relation owner, client or subcontractor; canManage); a project it has no relation to is a 404",
  tags: ['projects'],
  params: projectParams,
  handler: ({ actor, services, params }) => loadProject(services.db, activeViewer(actor), params.id),
});
