import { addCrewCompanyBody } from '../../../../resources/project.js';
import { defineRoute } from '../../../http/route.js';
import { addCrewCompany as add, listCrewCompanies as list, removeCrewCompany as remove } from '../project-crew.js';
import { crewCompanyParams, manageGuard, projectParams, viewGuard } from '../project-params.js';

export const listCrewCompanies = defineRoute({
  method: 'GET',
  url: '/projects/:id/crew-companies',
  access: { permission: 'projects:view' },
  summary: 'The subcontractor companies working on the project (crew companies), by name',
  tags: ['projects'],
  params: projectParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => list(services.db, actor, params.id),
});

export const addCrewCompany = defineRoute({
  method: 'POST',
  url: '/projects/:id/crew-companies',
  access: { permission: 'projects:view' },
  status: 201,
  summary:
    'Add a crew company: an active subcontractor partner of the company that runs the project (400 otherwise, 409 when already there); it then sees the project. Needs projects:manage as the owner',
  tags: ['projects'],
  params: projectParams,
  body: addCrewCompanyBody,
  guard: manageGuard,
  handler: ({ actor, services, params, body }) => add(services, actor, params.id, body.companyId),
});

export const removeCrewCompany = defineRoute({
  method: 'DELETE',
  url: '/projects/:id/crew-companies/:companyId',
  access: { permission: 'projects:view' },
  summary: 'Remove a crew company (409 while it runs a sub-project of this project). Needs projects:manage as the owner',
  tags: ['projects'],
  params: crewCompanyParams,
  guard: manageGuard,
  handler: ({ actor, services, params }) => remove(services, actor, params.id, params.companyId),
});
