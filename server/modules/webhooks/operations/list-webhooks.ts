import { webhooksParams } from '../../../../resources/webhook.js';
import { defineRoute } from '../../../http/route.js';
import { listWebhooks as list } from '../webhook-service.js';

export const listWebhooks = defineRoute({
  method: 'GET',
  url: '/companies/:id/webhooks',
  access: { company: 'id', permission: 'integrations:view' },
  summary: "The company's webhook endpoints with their events, state (active, paused) and last delivery; secrets are never shown (needs integrations:view in that company)",
  tags: ['webhooks'],
  params: webhooksParams,
  handler: ({ services, company }) => list(services, company),
});
