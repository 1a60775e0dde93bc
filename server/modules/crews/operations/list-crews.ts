import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listCrews as list } from '../crew-list.js';

export const listCrews = defineRoute({
  method: 'GET',
  url: '/crews',
  access: { permission: 'crews:manage' },
  summary:
    "The active company's crews with head counts and names (paged list; filters: name, memberCount, leaderCount, createdAt, and memberId, leaderId, categoryId)",
  tags: ['crews'],
  query: listQuery,
  cache: 'company',
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services.db, actor.membership!.companyId, query)),
});
