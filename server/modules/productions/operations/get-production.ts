import { defineRoute } from '../../../http/route.js';
import { idParams, viewGuard } from '../production-params.js';
import { getProduction as get } from '../production-service.js';

export const getProduction = defineRoute({
  method: 'GET',
  url: '/production/:id',
  access: { permission: 'productions:view' },
  summary:
    'A production with its items (planned and approved-produced quantities of each budget item, over-budget and invoiced flags), reviews per company, station ids, photo and comment counts and what the caller may do now (canEdit, canSubmit, canReview, canAmend)',
  tags: ['productions'],
  params: idParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => get(services, actor, params.id),
});
