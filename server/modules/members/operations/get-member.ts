import { defineRoute } from '../../../http/route.js';
import { memberParams } from '../member-params.js';
import { memberDetail } from '../member-sensitive.js';

export const getMember = defineRoute({
  method: 'GET',
  url: '/memberships/:id',
  access: { company: 'id', of: 'memberships', permission: 'memberships:manage' },
  summary: "One member with role, crews and categories, and the person's SSN and driver's licence masked",
  tags: ['members'],
  params: memberParams,
  handler: ({ services, params }) => memberDetail(services, params.id),
});
