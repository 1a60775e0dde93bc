import { webhookParams, webhookUpdate } from '../../../../resources/webhook.js';
import { defineRoute } from '../../../http/route.js';
import { updateWebhook as update } from '../webhook-service.js';

export const updateWebhook = defineRoute({
  method: 'PATCH',
  url: '/companies/:id/webhooks/:webhookId',
  access: { company: 'id', permission: 'integrations:manage' },
  summary: "Change an endpoint's URL, description, events or active flag (needs integrations:manage); active true resumes a paused endpoint",
  tags: ['webhooks'],
  params: webhookParams,
  body: webhookUpdate,
  handler: ({ services, company, actor, params, body }) => update(services, actor, company, params.webhookId, body),
});
