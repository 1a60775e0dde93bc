import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listProjects, PROJECT_SCOPES } from '../project-list.js';
import { companyProjectsParams } from '../project-params.js';
import { companyViewer } from '../project-view.js';

const LIST_NOTE = '(paged list, the filters of GET /projects; relation and canManage are that company\'s)';

export const listCompanyProjects = defineRoute({
  method: 'GET',
  url: '/companies/:companyId/projects/all',
  access: { company: 'companyId', permission: 'projects:view' },
  summary: `The projects the company runs ${LIST_NOTE}`,
  tags: ['projects'],
  params: companyProjectsParams,
  query: listQuery,
  handler: async ({ actor, company, services, query, reply }) =>
    sendPage(reply, await listProjects(services.db, companyViewer(actor, company), PROJECT_SCOPES.runs(company.companyId), query)),
});

export const listClientProjects = defineRoute({
  method: 'GET',
  url: '/companies/:companyId/projects/client',
  access: { company: 'companyId', permission: 'projects:view' },
  summary: `The projects the company is the client of, directly or as the owner of their parent project ${LIST_NOTE}`,
  tags: ['projects'],
  params: companyProjectsParams,
  query: listQuery,
  handler: async ({ actor, company, services, query, reply }) =>
    sendPage(reply, await listProjects(services.db, companyViewer(actor, company), PROJECT_SCOPES.clientOf(company.companyId), query)),
});

export const listParentProjects = defineRoute({
  method: 'GET',
  url: '/companies/:companyId/projects/parent',
  access: { company: 'companyId', permission: 'projects:view' },
  summary: `The projects that may be the parent of a new project of the company: top-level projects it runs or works on as a crew company ${LIST_NOTE}`,
  tags: ['projects'],
  params: companyProjectsParams,
  query: listQuery,
  handler: async ({ actor, company, services, query, reply }) =>
    sendPage(reply, await listProjects(services.db, companyViewer(actor, company), PROJECT_SCOPES.parents(company.companyId), query)),
});
