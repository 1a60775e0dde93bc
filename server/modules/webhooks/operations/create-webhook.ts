import { webhookCreate, webhooksParams } from '../../../../resources/webhook.js';
import { defineRoute } from '../../../http/route.js';
import { createWebhook as create } from '../webhook-service.js';

export const createWebhook = defineRoute({
  method: 'POST',
  url: '/companies/:id/webhooks',
  access: { company: 'id', permission: 'integrations:manage' },
  status: 201,
  summary: "Register an endpoint for events (needs integrations:manage): https (http and private addresses only with WEBHOOK_ALLOW_PRIVATE=true); answers 201 with the signing secret, shown this once",
  tags: ['webhooks'],
  params: webhooksParams,
  body: webhookCreate,
  handler: ({ services, company, actor, body }) => create(services, actor, company, body),
});
