import { defineRoute } from '../../../http/route.js';
import { memberParams } from '../member-params.js';
import { removeMember } from '../member-service.js';

export const deleteMember = defineRoute({
  method: 'DELETE',
  url: '/memberships/:id',
  access: { company: 'id', of: 'memberships', permission: 'memberships:manage' },
  sessionOnly: true,
  summary: 'Remove a member and their crew assignments (the last Owner cannot be removed: 409)',
  tags: ['members'],
  params: memberParams,
  handler: ({ services, actor, company, params }) => removeMember(services, actor, company, params.id),
});
