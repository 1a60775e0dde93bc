import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { categoryOptions, crewOptions, peopleOptions } from '../member-options.js';
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

export const listPeopleOptions = defineRoute({
  method: 'GET',
  url: '/companies/:id/memberships/options/people',
  access: { company: 'id', permission: 'memberships:manage' },
  summary: "The company's members and open invitations as { id, name, email, status, role }, for the new crew of the member dialogs (paged list)",
  tags: ['members'],
  params: companyParams,
  query: listQuery,
  handler: async ({ services, company, query, reply }) => sendPage(reply, await peopleOptions(services, company, query)),
});
