import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { updateFolderBody } from '../../../../resources/files.js';
import { manageableFolder, updateFolder as update } from '../folder-service.js';

export const updateFolder = defineRoute({
  method: 'PATCH',
  url: '/folders/:id',
  access: { permission: 'files:view' },
  summary: 'Rename a folder and/or move it under another (not into itself or a sub-folder); needs manage rights on both; answers the folder',
  tags: ['files'],
  params: z.object({ id: idParam() }),
  body: updateFolderBody,
  guard: async ({ actor, services, params }) => void (await manageableFolder(services.db, fileCaller(actor), params.id)),
  handler: ({ actor, services, params, body }) => update(services, fileCaller(actor), params.id, body),
});
