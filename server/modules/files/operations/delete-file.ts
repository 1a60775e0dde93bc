import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { deleteFile as remove, manageableFileRow } from '../file-service.js';

export const deleteFile = defineRoute({
  method: 'DELETE',
  url: '/filesNew/:id',
  access: { permission: 'files:view' },
  summary: 'Delete a file with its earlier versions (rows and bytes together)',
  tags: ['files'],
  params: z.object({ id: idParam() }),
  guard: async ({ actor, services, params }) => void (await manageableFileRow(services.db, fileCaller(actor), params.id)),
  handler: ({ actor, services, params }) => remove(services, fileCaller(actor), params.id),
});
