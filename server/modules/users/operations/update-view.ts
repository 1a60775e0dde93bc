import { updateViewBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { editView } from '../views-service.js';

export const updateView = defineRoute({
  method: 'PATCH',
  url: '/users/me/views',
  access: 'user',
  summary: 'Rename a saved view or replace its filters; answers the view',
  tags: ['users'],
  body: updateViewBody,
  handler: ({ body, actor, services }) => editView(services, actor, body),
});
