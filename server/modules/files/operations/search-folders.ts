import { searchQuery } from '../../../../resources/files.js';
import { defineRoute } from '../../../http/route.js';
import { sendPage } from '../../../lib/list-query.js';
import { fileCaller } from '../file-access.js';
import { searchFolders as search } from '../file-service.js';

export const searchFolders = defineRoute({
  method: 'GET',
  url: '/folders/search/',
  access: { permission: 'files:view' },
  summary: 'Folders of the company whose name holds the substring, among those the caller may see, each with its parentName (paged)',
  tags: ['files'],
  query: searchQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await search(services, fileCaller(actor), query)),
});
