import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { deleteFile as remove } from '../file-service.js';

export const deleteFile = defineRoute({
  method: 'DELETE',
  url: '/filesNew/:id',
  access: { permission: 'files:view' },
  summary: 'Delete a file with its earlier versions (rows and bytes together)',
  tags: ['files'],
  params: z.object({ id: idParam() }),
  handler: ({ actor, services, params }) => remove(services, fileCaller(actor), params.id),
});
