import { defineRoute } from '../../../http/route.js';
import { companyParams } from '../company-params.js';
import { deleteCompany as remove } from '../company-service.js';

export const deleteCompany = defineRoute({
  method: 'DELETE',
  url: '/companies/:id',
  access: { company: 'id', permission: 'companies:manage' },
  sessionOnly: true,
  summary: 'Soft-delete a company without live sub-companies (needs companies:manage in that company)',
  tags: ['companies'],
  params: companyParams,
  handler: ({ actor, services, company }) => remove(services, actor, company),
});
