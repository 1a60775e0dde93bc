import { defineRoute } from '../../../http/route.js';
import type { CompanyMembership } from '../../../http/company-access.js';
import { listQuery, sendPage, type RawListQuery } from '../../../lib/list-query.js';
import type { Services } from '../../../services.js';
import { categoryOptions, crewOptions, peopleOptions } from '../member-options.js';
import { companyParams } from '../member-params.js';

type OptionsList = (services: Services, company: CompanyMembership, query: RawListQuery) => Promise<{ rows: unknown[]; total: number }>;

/** The member dialogs' pickers: paged lists under memberships:manage, one per kind of option. */
const optionsRoute = (kind: string, summary: string, list: OptionsList) =>
  defineRoute({
    method: 'GET',
    url: `/companies/:id/memberships/options/${kind}`,
    access: { company: 'id', permission: 'memberships:manage' },
    summary,
    tags: ['members'],
    params: companyParams,
    query: listQuery,
    handler: async ({ services, company, query, reply }) => sendPage(reply, await list(services, company, query)),
  });

export const listCrewOptions = optionsRoute('crews', "The company's crews as { id, name }, for the member dialogs' crew pickers (paged list)", crewOptions);

export const listCategoryOptions = optionsRoute(
  'categories',
  "The company's item categories as { id, name, color, parentId }, for the member dialogs (paged list)",
  categoryOptions,
);

export const listPeopleOptions = optionsRoute(
  'people',
  "The company's members and open invitations as { id, name, email, status, role }, for the new crew of the member dialogs (paged list)",
  peopleOptions,
);
