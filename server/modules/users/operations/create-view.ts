import { createViewBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { insertView } from '../views-service.js';

export const createView = defineRoute({
  method: 'POST',
  url: '/users/me/views',
  access: 'user',
  status: 201,
  summary: 'Save a grid view (type, filters; a name left out becomes "View N", the first free N for that grid); answers the view',
  tags: ['users'],
  body: createViewBody,
  handler: ({ body, actor, services }) => insertView(services, actor, body),
});
