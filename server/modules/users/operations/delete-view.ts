import { deleteViewBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { removeView } from '../views-service.js';

export const deleteView = defineRoute({
  method: 'DELETE',
  url: '/users/me/views',
  access: 'user',
  summary: 'Delete a saved view',
  tags: ['users'],
  body: deleteViewBody,
  handler: ({ body, actor, services }) => removeView(services, actor, body.view),
});
