import { approveProductionBody, rejectProductionBody } from '../../../../resources/production.js';
import { defineRoute } from '../../../http/route.js';
import { currentProduction, idParams, manageGuard, reviewGuard } from '../production-params.js';
import { amendProduction, approveProduction, rejectProduction, submitProduction } from '../production-service.js';

export const submitProductionRoute = defineRoute({
  method: 'PATCH',
  url: '/production/:id/submit',
  access: { permission: 'productions:manage' },
  summary:
    "Submit a draft with at least one item for review (409 otherwise): the producer's own review and, when a subcontractor produced, the project owner's, each pending again; the reviewing companies are told (production--added). The producer's productions:manage people. Answers the production",
  tags: ['productions'],
  params: idParams,
  guard: manageGuard,
  current: currentProduction,
  handler: ({ actor, services, params }) => submitProduction(services, actor, params.id),
});

export const approveProductionRoute = defineRoute({
  method: 'POST',
  url: '/production/:id/approve',
  access: { permission: 'productions:manage' },
  summary:
    "Approve the acting company's review of a submitted production (the owner's review opens once the producer's own is approved, 409 before); the production is approved when every review is. sendEmail: mail the producer's productions:manage people. Needs productions:manage and not being a crew leader. Answers the production",
  tags: ['productions'],
  params: idParams,
  body: approveProductionBody,
  guard: reviewGuard,
  current: currentProduction,
  handler: ({ actor, services, params, body }) => approveProduction(services, actor, params.id, body),
});

export const rejectProductionRoute = defineRoute({
  method: 'POST',
  url: '/production/:id/reject',
  access: { permission: 'productions:manage' },
  summary:
    "Reject the acting company's review of a submitted production with a reason: the production is rejected and the producer told. Needs productions:manage and not being a crew leader. Answers the production",
  tags: ['productions'],
  params: idParams,
  body: rejectProductionBody,
  guard: reviewGuard,
  current: currentProduction,
  handler: ({ actor, services, params, body }) => rejectProduction(services, actor, params.id, body),
});

export const amendProductionRoute = defineRoute({
  method: 'POST',
  url: '/production/:id/amend',
  access: { permission: 'productions:manage' },
  summary:
    "Take a submitted, rejected or approved production back to draft to correct it (409 when any item is on an invoice that is not cancelled; an approved one only by someone who may approve). The producer's productions:manage people. Answers the production",
  tags: ['productions'],
  params: idParams,
  guard: manageGuard,
  current: currentProduction,
  handler: ({ actor, services, params }) => amendProduction(services, actor, params.id),
});
