import { createMemberBody } from '../../../../resources/member.js';
import { defineRoute } from '../../../http/route.js';
import { companyParams } from '../member-params.js';
import { createMember as create } from '../member-service.js';

export const createMember = defineRoute({
  method: 'POST',
  url: '/companies/:id/memberships',
  access: { company: 'id', permission: 'memberships:manage' },
  sessionOnly: true,
  status: 201,
  summary: 'Invite a person as a member: membership, crews, new crew and categories, then the invitation mail (409 when the e-mail is already a member or invited)',
  tags: ['members'],
  params: companyParams,
  body: createMemberBody,
  handler: ({ services, actor, company, body }) => create(services, actor, company, body),
});
