import { defineRoute } from '../../../http/route.js';
import { acceptInvitation as accept } from '../invitation-service.js';
import { tokenParams } from '../partnership-params.js';

export const acceptInvitation = defineRoute({
  method: 'PATCH',
  url: '/partnerships/invitations/:token/accept',
  access: { permission: 'partnerships:manage' },
  summary: 'Accept a partner invitation (empty body): the active company becomes the partner; a used or expired token is a 400',
  tags: ['partnerships'],
  params: tokenParams,
  handler: ({ actor, services, params }) => accept(services, actor, params.token),
});
