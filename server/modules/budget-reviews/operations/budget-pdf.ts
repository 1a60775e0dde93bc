import { defineRoute } from '../../../http/route.js';
import { budgetPdf as pdf } from '../pdf-service.js';
import { budgetParams } from '../review-params.js';

export const budgetPdf = defineRoute({
  method: 'GET',
  url: '/projects/:id/budgets/:budgetId/pdf',
  access: { permission: 'projects:view' },
  summary:
    'The signed budget as a PDF attachment (Budget_{projectCode}_{YYYYMMDD}.pdf): items, totals, signatures and the reviews\' audit trail; 409 until the budget is approved',
  tags: ['budget reviews'],
  params: budgetParams,
  handler: ({ actor, services, params, reply }) => pdf(services, actor, reply, params.id, params.budgetId),
});
