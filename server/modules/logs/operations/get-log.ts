import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { entityActivity } from '../../../lib/entity-activity.js';
import { logScope } from '../log-access.js';
import { idParams, logGuard } from '../log-params.js';
import { getLog as get } from '../log-service.js';

export const getLog = defineRoute({
  method: 'GET',
  url: '/logs/:id',
  access: { permission: 'logs:view' },
  summary: 'One log of the acting company, with canEdit (the author or a reviewer, while not reviewed) and canReview (logs:manage or crews:manage); another company’s is 404',
  tags: ['logs'],
  params: idParams,
  guard: logGuard,
  handler: ({ actor, services, params }) => get(services, actor, params.id),
});

export const logActivity = defineRoute({
  method: 'GET',
  url: '/logs/:id/activity',
  access: { permission: 'logs:view' },
  summary: "The log's audit events, newest first (paged list, X-Total-Count)",
  tags: ['logs'],
  params: idParams,
  query: listQuery,
  guard: logGuard,
  handler: async ({ actor, services, params, query, reply }) => {
    await logScope(services.db, actor, params.id);
    return sendPage(reply, await entityActivity(services.db, 'log', params.id, query));
  },
});
