import { listWebhooks } from './operations/list-webhooks.js';
import { getWebhook } from './operations/get-webhook.js';
import { createWebhook } from './operations/create-webhook.js';
import { updateWebhook } from './operations/update-webhook.js';
import { deleteWebhook } from './operations/delete-webhook.js';
import { rotateWebhookSecret } from './operations/rotate-secret.js';
import { pingWebhook } from './operations/ping-webhook.js';
import { listWebhookDeliveries } from './operations/list-deliveries.js';
import { resendWebhookDelivery } from './operations/resend-delivery.js';

export { registerWebhookDeliveries } from '../../lib/webhooks/deliveries.js';
export { registerDeliveryPurge, scheduleDeliveryPurge } from '../../lib/webhooks/retention.js';
export const webhookRoutes = [listWebhooks, getWebhook, createWebhook, updateWebhook, deleteWebhook, rotateWebhookSecret, pingWebhook, listWebhookDeliveries, resendWebhookDelivery];
