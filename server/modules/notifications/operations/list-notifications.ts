import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { memberParams } from '../notification-params.js';
import { listNotifications } from '../notification-service.js';

export const listMemberNotifications = defineRoute({
  method: 'GET',
  url: '/members/:memberId/notifications',
  access: 'user',
  summary:
    "The caller's own membership's notifications, newest first (paged list, X-Total-Count; filters: read, type, createdAt), each read or not as it was; answering marks all of them read. Another's membership: 404",
  tags: ['notifications'],
  params: memberParams,
  query: listQuery,
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await listNotifications(services, actor, params.memberId, query)),
});
