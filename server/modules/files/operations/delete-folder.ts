import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { deleteFolder as remove, manageableFolder } from '../folder-service.js';

export const deleteFolder = defineRoute({
  method: 'DELETE',
  url: '/folders/:id',
  access: { permission: 'files:view' },
  summary: "Delete a folder with its sub-folders and their files (rows and bytes together); not the company's root",
  tags: ['files'],
  params: z.object({ id: idParam() }),
  guard: async ({ actor, services, params }) => void (await manageableFolder(services.db, fileCaller(actor), params.id)),
  handler: ({ actor, services, params }) => remove(services, fileCaller(actor), params.id),
});
