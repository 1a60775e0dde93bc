import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { companyActivity as activity } from '../company-activity.js';
import { companyParams } from '../company-params.js';

export const companyActivity = defineRoute({
  method: 'GET',
  url: '/companies/:id/activity',
  access: { company: 'id' },
  summary: "The company's audit trail, newest first (needs membership in that company; paged list)",
  tags: ['companies'],
  params: companyParams,
  query: listQuery,
  handler: async ({ services, company, query, reply }) => sendPage(reply, await activity(services, company, query)),
});
