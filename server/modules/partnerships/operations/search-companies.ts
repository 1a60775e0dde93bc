import { defineRoute } from '../../../http/route.js';
import { searchCompanies as search } from '../company-search.js';
import { companyPrefixParams } from '../partnership-params.js';

export const searchCompanies = defineRoute({
  method: 'GET',
  url: '/partnerships/companies/prefix/:text',
  access: { permission: 'partnerships:manage' },
  summary: 'Companies to add as a partner: ids and names only, by name prefix (at least 3 characters), at most 10; answers { companies }',
  tags: ['partnerships'],
  params: companyPrefixParams,
  handler: ({ actor, services, params }) => search(services, actor, params.text),
});
