import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { categoryOptions } from '../crew-options.js';

export const listCategoryOptions = defineRoute({
  method: 'GET',
  url: '/crews/category-options',
  access: { permission: 'crews:manage' },
  summary: "The active company's item categories a crew can work on (paged list; q searches the name)",
  tags: ['crews'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await categoryOptions(services.db, actor.membership!.companyId, query)),
});
