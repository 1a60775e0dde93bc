import { updateProjectBody } from '../../../../resources/project.js';
import { defineRoute } from '../../../http/route.js';
import { manageGuard, projectParams } from '../project-params.js';
import { updateProject as update } from '../project-update.js';

export const updateProject = defineRoute({
  method: 'PATCH',
  url: '/projects/:id',
  access: { permission: 'projects:view' },
  summary:
    'Change a project (the company that runs it, with projects:manage). A status change follows the state machine (409 for an illegal move): suspending needs suspendStart and suspendReason, shutting down needs suspendedShutdownReason. Answers the project',
  tags: ['projects'],
  params: projectParams,
  body: updateProjectBody,
  guard: manageGuard,
  handler: ({ actor, services, params, body }) => update(services, actor, params.id, body),
});
