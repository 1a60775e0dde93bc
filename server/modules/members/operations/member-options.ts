import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { categoryOptions, crewOptions } from '../member-options.js';
import { companyParams } from '../member-params.js';

export const listCrewOptions = defineRoute({
  method: 'GET',
  url: '/companies/:id/memberships/options/crews',
  access: { company: 'id', permission: 'memberships:manage' },
  summary: "The company's crews as { id, name }, for the member dialogs' crew pickers (paged list)",
  tags: ['members'],
  params: companyParams,
  query: listQuery,
  handler: async ({ services, company, query, reply }) => sendPage(reply, await crewOptions(services, company, query)),
});

export const listCategoryOptions = defineRoute({
  method: 'GET',
  url: '/companies/:id/memberships/options/categories',
  access: { company: 'id', permission: 'memberships:manage' },
  summary: "The company's item categories as { id, name, color, parentId }, for the member dialogs (paged list)",
  tags: ['members'],
  params: companyParams,
  query: listQuery,
  handler: async ({ services, company, query, reply }) => sendPage(reply, await categoryOptions(services, company, query)),
});
