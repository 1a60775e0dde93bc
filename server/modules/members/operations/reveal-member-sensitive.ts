import { defineRoute } from '../../../http/route.js';
import { revealMemberSensitive } from '../member-sensitive.js';
import { memberParams } from '../member-params.js';

export const revealMemberSensitiveFields = defineRoute({
  method: 'GET',
  url: '/memberships/:id/sensitive',
  access: { company: 'id', of: 'memberships', permission: 'memberships:manage' },
  sessionOnly: true,
  summary: "A member's whole SSN and driver's licence number (recorded in the company's activity); answers { ssn, driversLicense }",
  tags: ['members'],
  params: memberParams,
  handler: async ({ services, actor, company, params, reply }) => {
    reply.header('cache-control', 'no-store');
    return revealMemberSensitive(services, actor, company, params.id);
  },
});
