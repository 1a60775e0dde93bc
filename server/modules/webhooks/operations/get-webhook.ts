import { webhookParams } from '../../../../resources/webhook.js';
import { defineRoute } from '../../../http/route.js';
import { readWebhook as read } from '../webhook-service.js';

export const getWebhook = defineRoute({
  method: 'GET',
  url: '/companies/:id/webhooks/:webhookId',
  access: { company: 'id', permission: 'integrations:view' },
  summary: "One webhook endpoint of the company (needs integrations:view; another company's is 404)",
  tags: ['webhooks'],
  params: webhookParams,
  handler: ({ services, company, params }) => read(services, company, params.webhookId),
});
