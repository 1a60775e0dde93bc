import { defineRoute } from '../../../http/route.js';
import { memberParams } from '../member-params.js';
import { getMember as get } from '../member-service.js';

export const getMember = defineRoute({
  method: 'GET',
  url: '/memberships/:id',
  access: { company: 'id', of: 'memberships', permission: 'memberships:manage' },
  summary: 'One member with role, crews and categories',
  tags: ['members'],
  params: memberParams,
  handler: ({ services, params }) => get(services, params.id),
});
