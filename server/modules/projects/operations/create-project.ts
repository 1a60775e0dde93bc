import { createProjectBody } from '../../../../resources/project.js';
import { defineRoute } from '../../../http/route.js';
import { createProject as create } from '../project-create.js';
import { companyProjectsParams } from '../project-params.js';
import { companyViewer } from '../project-view.js';

export const createProject = defineRoute({
  method: 'POST',
  url: '/companies/:companyId/projects',
  access: { company: 'companyId', permission: 'projects:manage' },
  status: 201,
  summary:
    'Create a project the company runs (status planned) with its budget, its folder in the file manager and its default project roles; clientId must be an active client partner, projectId a top-level project the company runs or works on as a crew company. Answers the project',
  tags: ['projects'],
  params: companyProjectsParams,
  body: createProjectBody,
  handler: ({ actor, company, services, body }) => create(services, companyViewer(actor, company), body),
});
