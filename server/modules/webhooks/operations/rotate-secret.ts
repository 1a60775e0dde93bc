import { webhookParams } from '../../../../resources/webhook.js';
import { defineRoute } from '../../../http/route.js';
import { rotateSecret as rotate } from '../webhook-service.js';

export const rotateWebhookSecret = defineRoute({
  method: 'POST',
  url: '/companies/:id/webhooks/:webhookId/rotate-secret',
  access: { company: 'id', permission: 'integrations:manage' },
  summary: "A new signing secret for the endpoint, shown this once; later deliveries are signed with it (needs integrations:manage)",
  tags: ['webhooks'],
  params: webhookParams,
  handler: ({ services, company, actor, params }) => rotate(services, actor, company, params.webhookId),
});
