import { webhookParams } from '../../../../resources/webhook.js';
import { defineRoute } from '../../../http/route.js';
import { deleteWebhook as remove } from '../webhook-service.js';

export const deleteWebhook = defineRoute({
  method: 'DELETE',
  url: '/companies/:id/webhooks/:webhookId',
  access: { company: 'id', permission: 'integrations:manage' },
  summary: "Delete an endpoint and its deliveries (needs integrations:manage)",
  tags: ['webhooks'],
  params: webhookParams,
  handler: ({ services, company, actor, params }) => remove(services, actor, company, params.webhookId),
});
