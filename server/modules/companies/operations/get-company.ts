import { defineRoute } from '../../../http/route.js';
import { companyParams } from '../company-params.js';
import { getCompany as get } from '../company-service.js';

export const getCompany = defineRoute({
  method: 'GET',
  url: '/companies/:id',
  access: { company: 'id' },
  summary: 'One company (needs membership in that company, else 404)',
  tags: ['companies'],
  params: companyParams,
  handler: ({ services, company }) => get(services, company),
});
