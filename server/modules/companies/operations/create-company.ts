import { createCompanyBody } from '../../../../resources/company.js';
import { defineRoute } from '../../../http/route.js';
import { createCompany as create } from '../company-creation.js';

export const createCompany = defineRoute({
  method: 'POST',
  url: '/companies',
  access: 'user',
  status: 201,
  summary: 'Create a company with its default roles, the caller as Owner (needs self:companies:create; with parentId, companies:manage in the parent)',
  tags: ['companies'],
  body: createCompanyBody,
  handler: ({ actor, services, body }) => create(services, actor, body),
});
