import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { companyParams } from '../company-params.js';
import { listSubCompanies as list } from '../sub-companies.js';

export const listSubCompanies = defineRoute({
  method: 'GET',
  url: '/companies/:id/sub-companies',
  access: { company: 'id' },
  summary: "The company's live sub-companies, with the caller's role in each or null (needs membership in that company; paged list)",
  tags: ['companies'],
  params: companyParams,
  query: listQuery,
  handler: async ({ actor, services, company, query, reply }) => sendPage(reply, await list(services, actor, company, query)),
});
