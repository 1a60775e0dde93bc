import { invitePartnerBody } from '../../../../resources/partnership.js';
import { defineRoute } from '../../../http/route.js';
import { invitePartner as invite } from '../invitation-service.js';
import { typeParams } from '../partnership-params.js';

export const invitePartner = defineRoute({
  method: 'POST',
  url: '/partnerships/invite/:type',
  access: { permission: 'partnerships:manage' },
  status: 201,
  summary: 'Invite a company by its contact e-mail: a pending partnership and a single-use accept/decline link',
  tags: ['partnerships'],
  params: typeParams,
  body: invitePartnerBody,
  handler: ({ actor, services, params, body }) => invite(services, actor, params.type, body),
});
