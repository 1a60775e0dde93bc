import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listFiles } from '../file-service.js';

export const listFolderFiles = defineRoute({
  method: 'GET',
  url: '/filesNew/folderId/:id',
  access: { permission: 'files:view' },
  summary: "A folder's files the caller may see (paged list; sort and filter: name, uploadDate, length, contentType)",
  tags: ['files'],
  params: z.object({ id: idParam() }),
  query: listQuery,
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await listFiles(services, fileCaller(actor), params.id, query)),
});
