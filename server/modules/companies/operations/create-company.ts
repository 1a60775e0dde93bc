import { createCompanyBody } from '../../../../resources/company.js';
import { defineRoute } from '../../../http/route.js';
import { createCompany as create } from '../company-creation.js';

export const createCompany = defineRoute({
  method: 'POST',
  url: '/companies',
  access: 'user',
  status: 201,
  // The company to check (the parent) is in the body, not the path, so the service checks it.
  summary:
    'Create a company with its default roles, the caller as Owner (checked in the service: needs self:companies:create; with parentId, companies:manage in the parent, else 404)',
  tags: ['companies'],
  body: createCompanyBody,
  handler: ({ actor, services, body }) => create(services, actor, body),
});
