import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import { openPublicFile } from '../../storage/file-store.js';

export const getStaticFile = defineRoute({
  method: 'GET',
  url: '/staticfiles/:publicId',
  access: 'public',
  summary: 'A picture (profile picture, logo, item icon) by its unguessable id, for <img> tags',
  tags: ['files'],
  params: z.object({ publicId: z.uuid() }),
  handler: async ({ services, params, reply }) => {
    const file = await openPublicFile(services, params.publicId);
    reply
      .header('content-type', file.row.content_type)
      .header('content-length', String(file.length))
      // Each upload gets a new id, so the bytes behind an id never change.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', `inline; filename="${file.row.filename.replace(/[^\w.-]/g, '_')}"`);
    return reply.send(file.stream);
  },
});
