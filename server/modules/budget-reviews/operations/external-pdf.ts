import { defineRoute } from '../../../http/route.js';
import { externalPdf } from '../pdf-service.js';
import { linkParams } from '../review-params.js';

export const externalBudgetPdf = defineRoute({
  method: 'GET',
  url: '/public/budget-review/:budgetHash/:reviewHash/pdf',
  access: 'public',
  rateLimited: true,
  summary: "The signed budget's PDF through the link of a review approved with a signature, for 7 days after signing, once the budget is approved (409 before)",
  tags: ['budget reviews'],
  params: linkParams,
  handler: ({ services, params, reply }) => externalPdf(services, reply, params.budgetHash, params.reviewHash),
});
