import { defineRoute } from '../../../http/route.js';
import { externalReview as review } from '../external-review.js';
import { externalQuery, linkParams } from '../review-params.js';

export const externalReview = defineRoute({
  method: 'GET',
  url: '/public/budget-review/:budgetHash/:reviewHash',
  access: 'public',
  rateLimited: true,
  summary:
    'The budget an external review link opens, without a session: the review, the project, the totals and the items (_start/_end page them, 5,000 at most); a used, revoked, expired or wrong link is a 410',
  tags: ['budget reviews'],
  params: linkParams,
  query: externalQuery,
  handler: ({ services, params, query }) => review(services, params.budgetHash, params.reviewHash, query),
});
