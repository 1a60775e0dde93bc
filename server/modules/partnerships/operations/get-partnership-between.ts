import { defineRoute } from '../../../http/route.js';
import { pairParams } from '../partnership-params.js';
import { getPartnershipBetween as get } from '../partnership-service.js';

export const getPartnershipBetween = defineRoute({
  method: 'GET',
  url: '/partnerships/get/subcontractor/:subcontractorId/client/:clientId',
  access: { permission: 'partnerships:view' },
  summary: 'The partnership between a subcontractor and a client (the active company must be one of them, else 404)',
  tags: ['partnerships'],
  params: pairParams,
  handler: ({ actor, services, params }) => get(services, actor, params.subcontractorId, params.clientId),
});
