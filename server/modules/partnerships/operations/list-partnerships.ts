import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { typeParams } from '../partnership-params.js';
import { listPartnerships as list } from '../partnership-service.js';

export const listPartnerships = defineRoute({
  method: 'GET',
  url: '/partnerships/list/:type',
  access: { permission: 'partnerships:view' },
  summary: "The active company's clients or subcontractors, whichever side made the partnership (paged list)",
  tags: ['partnerships'],
  params: typeParams,
  query: listQuery,
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await list(services, actor, params.type, query)),
});
