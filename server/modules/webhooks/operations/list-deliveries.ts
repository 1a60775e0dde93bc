import { webhookDeliveriesQuery, webhookParams } from '../../../../resources/webhook.js';
import { defineRoute } from '../../../http/route.js';
import { listDeliveries as list } from '../webhook-service.js';

export const listWebhookDeliveries = defineRoute({
  method: 'GET',
  url: '/companies/:id/webhooks/:webhookId/deliveries',
  access: { company: 'id', permission: 'integrations:view' },
  summary: "The endpoint's deliveries, newest first, paged: status, attempts, the answer's code and start, times (needs integrations:view)",
  tags: ['webhooks'],
  params: webhookParams,
  query: webhookDeliveriesQuery,
  handler: ({ services, company, params, query }) => list(services, company, params.webhookId, query),
});
