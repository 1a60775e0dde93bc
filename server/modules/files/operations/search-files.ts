import { searchQuery } from '../../../../resources/files.js';
import { defineRoute } from '../../../http/route.js';
import { sendPage } from '../../../lib/list-query.js';
import { fileCaller } from '../file-access.js';
import { searchFiles as search } from '../file-service.js';

export const searchFiles = defineRoute({
  method: 'GET',
  url: '/filesNew/search/',
  access: { permission: 'files:view' },
  summary: 'Files of the company whose name holds the substring (ASCII case ignored), among those the caller may see, each with its folderName (paged)',
  tags: ['files'],
  query: searchQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await search(services, fileCaller(actor), query)),
});
