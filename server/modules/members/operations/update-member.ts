import { updateMemberBody } from '../../../../resources/member.js';
import { defineRoute } from '../../../http/route.js';
import { memberParams } from '../member-params.js';
import { updateMember as update } from '../member-service.js';

export const updateMember = defineRoute({
  method: 'PATCH',
  url: '/memberships/:id',
  access: { company: 'id', of: 'memberships', permission: 'memberships:manage' },
  sessionOnly: true,
  summary: "Edit a member's contact fields, role, crews and categories (the last Owner keeps the role: 409)",
  tags: ['members'],
  params: memberParams,
  body: updateMemberBody,
  handler: ({ services, actor, company, params, body }) => update(services, actor, company, params.id, body),
});
