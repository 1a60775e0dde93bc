import { webhookDeliveryParams } from '../../../../resources/webhook.js';
import { defineRoute } from '../../../http/route.js';
import { resendDelivery as resend } from '../webhook-service.js';

export const resendWebhookDelivery = defineRoute({
  method: 'POST',
  url: '/companies/:id/webhooks/:webhookId/deliveries/:deliveryId/resend',
  access: { company: 'id', permission: 'integrations:manage' },
  status: 202,
  summary: "Send a delivery again: a new delivery with the same body, attempted from the start (needs integrations:manage); answers 202 with it",
  tags: ['webhooks'],
  params: webhookDeliveryParams,
  handler: ({ services, company, actor, params }) => resend(services, actor, company, params.webhookId, params.deliveryId),
});
