import { createPartnerBody } from '../../../../resources/partnership.js';
import { defineRoute } from '../../../http/route.js';
import { createPartnerCompany } from '../partnership-creation.js';
import { typeParams } from '../partnership-params.js';

export const createPartner = defineRoute({
  method: 'POST',
  url: '/partnerships/create/:type',
  access: { permission: 'partnerships:manage' },
  status: 201,
  summary: 'Create a partner company (default roles, no members) and the partnership with it, in one transaction',
  tags: ['partnerships'],
  params: typeParams,
  body: createPartnerBody,
  handler: ({ actor, services, params, body }) => createPartnerCompany(services, actor, params.type, body),
});
