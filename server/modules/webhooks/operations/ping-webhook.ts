import { webhookParams } from '../../../../resources/webhook.js';
import { defineRoute } from '../../../http/route.js';
import { pingWebhook as ping } from '../webhook-service.js';

export const pingWebhook = defineRoute({
  method: 'POST',
  url: '/companies/:id/webhooks/:webhookId/ping',
  access: { company: 'id', permission: 'integrations:manage' },
  status: 202,
  summary: "Queue a signed ping delivery to the endpoint, to test it (needs integrations:manage); answers 202 with the delivery",
  tags: ['webhooks'],
  params: webhookParams,
  handler: ({ services, company, params }) => ping(services, company, params.webhookId),
});
