import { projectMembershipsBody } from '../../../../resources/project.js';
import { defineRoute } from '../../../http/route.js';
import { listProjectMemberships as list, myProjectMemberships as mine, replaceProjectMemberships as replace } from '../project-memberships.js';
import { manageGuard, projectParams, viewGuard } from '../project-params.js';

export const listProjectMemberships = defineRoute({
  method: 'GET',
  url: '/projects/:id/memberships',
  access: { permission: 'projects:view' },
  summary: 'The people given a project role on the project, with the company membership each was made from, by name',
  tags: ['projects'],
  params: projectParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => list(services.db, actor, params.id),
});

export const myProjectMemberships = defineRoute({
  method: 'GET',
  url: '/projects/memberships',
  access: { permission: 'projects:view' },
  summary: "The caller's own project memberships as a person of the active company",
  tags: ['projects'],
  handler: ({ actor, services }) => mine(services.db, actor),
});

export const replaceProjectMemberships = defineRoute({
  method: 'POST',
  url: '/projects/:id/memberships',
  access: { permission: 'projects:view' },
  sessionOnly: true,
  summary:
    'Replace the project memberships with the sent list of { id: a company membership id of an accepted member of the company that runs the project, of its client or, for a sub-project, of the parent project\'s company (GET /projects/{id}/people lists them), roleId: a role of this project }; answers the memberships. The company that runs it, with projects:manage',
  tags: ['projects'],
  params: projectParams,
  body: projectMembershipsBody,
  guard: manageGuard,
  handler: ({ actor, services, params, body }) => replace(services, actor, params.id, body),
});
