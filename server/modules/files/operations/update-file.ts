import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { updateFileBody } from '../../../../resources/files.js';
import { manageableFileRow, updateFile as update } from '../file-service.js';

export const updateFile = defineRoute({
  method: 'PATCH',
  url: '/filesNew/secured/:id',
  access: { permission: 'files:view' },
  summary: 'Rename a file (filename) and/or move it to another folder (folderId); needs manage rights on both; answers the file',
  tags: ['files'],
  params: z.object({ id: idParam() }),
  body: updateFileBody,
  guard: async ({ actor, services, params }) => void (await manageableFileRow(services.db, fileCaller(actor), params.id)),
  handler: ({ actor, services, params, body }) => update(services, fileCaller(actor), params.id, body),
});
