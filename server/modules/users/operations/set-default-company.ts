import { defaultCompanyParams } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { chooseDefaultCompany } from '../profile-service.js';

export const setDefaultCompany = defineRoute({
  method: 'PATCH',
  url: '/users/me/company/:companyId',
  access: 'user',
  summary: 'Make a company the user is a member of the default (active) one; answers { user }',
  tags: ['users'],
  params: defaultCompanyParams,
  handler: ({ params, actor, services }) => chooseDefaultCompany(services, actor, params.companyId),
});
