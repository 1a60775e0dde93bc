import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { manageableFileRow, replaceFileBytes } from '../file-service.js';

export const replaceFile = defineRoute({
  method: 'PATCH',
  url: '/filesNew/:id',
  access: { permission: 'files:view' },
  summary: 'New bytes for a file (multipart: img), e.g. from the image editor; the previous bytes are kept as an earlier version; answers the file',
  tags: ['files'],
  params: z.object({ id: idParam() }),
  guard: async ({ actor, services, params }) => void (await manageableFileRow(services.db, fileCaller(actor), params.id)),
  handler: ({ actor, services, params, req }) => replaceFileBytes(services, fileCaller(actor), params.id, req),
});
