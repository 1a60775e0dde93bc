import { defineRoute } from '../../../http/route.js';
import { companyRoleParams } from '../role-params.js';
import { companyScope, deleteRole as remove } from '../role-service.js';

export const deleteRole = defineRoute({
  method: 'DELETE',
  url: '/roles/company/:companyId/:id',
  access: { company: 'companyId', permission: 'roles:manage' },
  sessionOnly: true,
  summary: 'Delete a custom role no member holds (needs roles:manage in that company)',
  tags: ['roles'],
  params: companyRoleParams,
  handler: ({ actor, services, company, params }) => remove(services, actor, companyScope(company.companyId), params.id),
});
