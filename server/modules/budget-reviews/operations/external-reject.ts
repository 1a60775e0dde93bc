import { externalRejectBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { rejectByLink } from '../external-review.js';
import { linkParams } from '../review-params.js';

export const externalReject = defineRoute({
  method: 'POST',
  url: '/public/budget-review/:budgetHash/:reviewHash/reject',
  access: 'public',
  rateLimited: true,
  summary: 'Reject through an external review link, with a reason; the budget is rejected and the link stops working',
  tags: ['budget reviews'],
  params: linkParams,
  body: externalRejectBody,
  handler: ({ services, params, body }) => rejectByLink(services, params.budgetHash, params.reviewHash, body.reason),
});
