import { defineRoute } from '../../../http/route.js';
import { deleteProject as remove } from '../project-delete.js';
import { manageGuard, projectParams } from '../project-params.js';

export const deleteProject = defineRoute({
  method: 'DELETE',
  url: '/projects/:id',
  access: { permission: 'projects:view' },
  summary:
    'Delete a project with its budget, stations, crew companies, project memberships and roles, and its folder with its files (the company that runs it, with projects:manage); 409 while it has sub-projects or its budget has left draft',
  tags: ['projects'],
  params: projectParams,
  guard: manageGuard,
  handler: ({ actor, services, params }) => remove(services, actor, params.id),
});
