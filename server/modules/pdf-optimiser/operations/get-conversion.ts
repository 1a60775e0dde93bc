import { conversionParams } from '../../../../resources/pdf-conversion.js';
import { defineRoute } from '../../../http/route.js';
import { readConversion } from '../conversion-service.js';

export const getConversion = defineRoute({
  method: 'GET',
  url: '/to-images/:id',
  access: { permission: 'projects:view' },
  summary: "A PDF conversion's progress (status, pages done of total, the error if it failed) and the page images written so far",
  tags: ['pdf-optimiser'],
  params: conversionParams,
  handler: ({ actor, services, params }) => readConversion(services, actor, params.id),
});
