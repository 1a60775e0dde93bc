import { defineRoute } from '../../../http/route.js';
import { approveByLink } from '../external-review.js';
import { linkParams } from '../review-params.js';

export const externalApprove = defineRoute({
  method: 'POST',
  url: '/public/budget-review/:budgetHash/:reviewHash/approve',
  access: 'public',
  rateLimited: true,
  summary:
    "Sign and approve through an external review link (multipart: file, the drawn signature as a PNG; type=signature; name, who signs): the same as the reviewer's signature signed in; the link then only downloads the signed budget, for 7 days",
  tags: ['budget reviews'],
  params: linkParams,
  handler: ({ services, params, req }) => approveByLink(services, req, params.budgetHash, params.reviewHash),
});
