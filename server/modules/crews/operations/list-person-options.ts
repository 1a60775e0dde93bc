import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { personOptions } from '../crew-options.js';

export const listPersonOptions = defineRoute({
  method: 'GET',
  url: '/crews/member-options',
  access: { permission: 'crews:manage' },
  summary: "The active company's accepted and invited members a crew can take (paged list; q searches name and e-mail)",
  tags: ['crews'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await personOptions(services.db, actor.membership!.companyId, query)),
});
