import { updateRoleBody } from '../../../../resources/role.js';
import { defineRoute } from '../../../http/route.js';
import { companyRoleParams } from '../role-params.js';
import { companyScope, updateRole as update } from '../role-service.js';

export const updateRole = defineRoute({
  method: 'PATCH',
  url: '/roles/company/:companyId/:id',
  access: { company: 'companyId', permission: 'roles:manage' },
  sessionOnly: true,
  summary: "Rename a custom role or change a role's permissions (needs roles:manage in that company; Owner is fixed)",
  tags: ['roles'],
  params: companyRoleParams,
  body: updateRoleBody,
  handler: ({ actor, services, company, params, body }) => update(services, actor, companyScope(company.companyId), params.id, body),
});
