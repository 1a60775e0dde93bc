import { createRoleBody } from '../../../../resources/role.js';
import { defineRoute } from '../../../http/route.js';
import { companyRolesParams } from '../role-params.js';
import { companyScope, createRole as create } from '../role-service.js';

export const createRole = defineRoute({
  method: 'POST',
  url: '/roles/company/:companyId',
  access: { company: 'companyId', permission: 'roles:manage' },
  sessionOnly: true,
  status: 201,
  summary: 'Create a custom role (needs roles:manage in that company); answers the role',
  tags: ['roles'],
  params: companyRolesParams,
  body: createRoleBody,
  handler: ({ actor, services, company, body }) => create(services, actor, companyScope(company.companyId), body),
});
