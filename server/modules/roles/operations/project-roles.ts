import { createRoleBody, updateRoleBody } from '../../../../resources/role.js';
import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { projectRoleParams, projectRolesParams } from '../role-params.js';
import { createRole, deleteRole, listRoles, updateRole } from '../role-service.js';
import { projectRolesGuard, projectScope } from '../project-scope.js';

export const listAllProjectRoles = defineRoute({
  method: 'GET',
  url: '/roles/project/:projectId/all',
  access: { permission: 'projects:view' },
  summary: "Every role of a project (the active company needs a relation to the project; paged list)",
  tags: ['roles'],
  params: projectRolesParams,
  query: listQuery,
  guard: projectRolesGuard('view'),
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await listRoles(services, projectScope(actor, params.projectId, 'view'), query, false)),
});

export const listAssignableProjectRoles = defineRoute({
  method: 'GET',
  url: '/roles/project/:projectId/assignable',
  access: { permission: 'projects:view' },
  summary: 'The roles of a project that may be handed to people (the active company needs a relation to the project; paged list)',
  tags: ['roles'],
  params: projectRolesParams,
  query: listQuery,
  guard: projectRolesGuard('view'),
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await listRoles(services, projectScope(actor, params.projectId, 'view'), query, true)),
});

export const createProjectRole = defineRoute({
  method: 'POST',
  url: '/roles/project/:projectId',
  access: { permission: 'projects:view' },
  sessionOnly: true,
  status: 201,
  summary: 'Create a role of a project (the company that runs it, with projects:manage); answers the role',
  tags: ['roles'],
  params: projectRolesParams,
  body: createRoleBody,
  guard: projectRolesGuard('manage'),
  handler: ({ actor, services, params, body }) => createRole(services, actor, projectScope(actor, params.projectId, 'manage'), body),
});

export const updateProjectRole = defineRoute({
  method: 'PATCH',
  url: '/roles/project/:projectId/:id',
  access: { permission: 'projects:view' },
  sessionOnly: true,
  summary: "Rename a project's own role or change a project role's permissions (the company that runs it, with projects:manage; default roles keep their names)",
  tags: ['roles'],
  params: projectRoleParams,
  body: updateRoleBody,
  guard: projectRolesGuard('manage'),
  handler: ({ actor, services, params, body }) => updateRole(services, actor, projectScope(actor, params.projectId, 'manage'), params.id, body),
});

export const deleteProjectRole = defineRoute({
  method: 'DELETE',
  url: '/roles/project/:projectId/:id',
  access: { permission: 'projects:view' },
  sessionOnly: true,
  summary: "Delete a project's own role that nobody holds (the company that runs it, with projects:manage; default roles stay)",
  tags: ['roles'],
  params: projectRoleParams,
  guard: projectRolesGuard('manage'),
  handler: ({ actor, services, params }) => deleteRole(services, actor, projectScope(actor, params.projectId, 'manage'), params.id),
});
