import { z } from 'zod';
import { defineRoute } from '../../../http/route.js';
import { sendTemplate, TEMPLATE_KINDS } from '../template.js';

export const importTemplate = defineRoute({
  method: 'GET',
  url: '/imports/templates/:kind',
  access: 'member',
  summary: 'The xlsx template of an import (budget-items or items): its column headings and two example rows',
  tags: ['items'],
  params: z.object({ kind: z.enum(TEMPLATE_KINDS, { error: 'Must be budget-items or items' }) }),
  handler: async ({ params, reply }) => sendTemplate(reply, params.kind),
});
