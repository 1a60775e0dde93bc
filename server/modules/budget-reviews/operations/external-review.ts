import { defineRoute } from '../../../http/route.js';
import { sendPage } from '../../../lib/list-query.js';
import { externalReview as review } from '../external-review.js';
import { externalQuery, linkParams } from '../review-params.js';

export const externalReview = defineRoute({
  method: 'GET',
  url: '/public/budget-review/:budgetHash/:reviewHash',
  access: 'public',
  rateLimited: true,
  summary:
    'The budget an external review link opens, without a session: the review, the project, the totals over every item (budget.itemCount, also X-Total-Count) and one page of the items in the order they were added (_start/_end: 200 by default, 500 at most) and pdfAvailableUntil; after a signed approval the link still opens the decided budget while it downloads the signed PDF (7 days); a used, revoked, expired or wrong link is a 410',
  tags: ['budget reviews'],
  params: linkParams,
  query: externalQuery,
  handler: async ({ services, params, query, reply }) => {
    const answer = await review(services, params.budgetHash, params.reviewHash, query);
    sendPage(reply, { rows: answer.items, total: answer.budget.itemCount });
    return answer;
  },
});
