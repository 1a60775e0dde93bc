import { defineRoute } from '../../../http/route.js';
import { entityActivity } from '../../../lib/entity-activity.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { invoiceParams } from '../invoice-params.js';
import { activitySince, invoiceScope } from '../invoice-scope.js';

export const invoiceActivity = defineRoute({
  method: 'GET',
  url: '/invoices/:id/activity',
  access: { permission: 'invoices:view' },
  summary:
    "The invoice's audit trail, newest first, with who acted (paged list, the shape of the budget's activity; filters: action, createdAt); the billed company reads it from the first sending on",
  tags: ['invoices'],
  params: invoiceParams,
  query: listQuery,
  guard: async ({ actor, services, params }) => void (await invoiceScope(services.db, actor, params.id)),
  handler: async ({ actor, services, params, query, reply }) => {
    const scope = await invoiceScope(services.db, actor, params.id);
    return sendPage(reply, await entityActivity(services.db, 'invoice', params.id, query, { since: await activitySince(services.db, scope) }));
  },
});
