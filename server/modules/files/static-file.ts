import { z } from 'zod';
import { text } from '../../../resources/text.js';
import { notFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { sendStoredObject } from '../../storage/download.js';
import { fileByPublicId, PUBLIC_FILE_TYPES } from '../../storage/file-store.js';
import { verifyFileLink } from '../../storage/signed-links.js';

export const getStaticFile = defineRoute({
  method: 'GET',
  url: '/staticfiles/:publicId',
  access: 'public',
  summary:
    'A stored file by its unguessable id: pictures (profile pictures, logos, item icons) to anyone with the link, other files with the signed link an answer that showed the file handed out (expires, sig; download=1 for an attachment). Streams with ETag and Range.',
  tags: ['files'],
  params: z.object({ publicId: z.uuid() }),
  // v names the bytes, so a replaced file's link differs from the old one's (a browser keeps what a link showed).
  query: z.object({ v: text().max(100).optional(), expires: text().max(20).optional(), sig: text().max(100).optional(), download: z.enum(['1']).optional() }),
  handler: async ({ services, params, query, req, reply }) => {
    const row = await fileByPublicId(services, params.publicId);
    const open = PUBLIC_FILE_TYPES.has(row.type);
    // A file the link does not sign is the same 404 as one that does not exist.
    if (!open && !verifyFileLink(services, row.public_id, query)) throw notFound('File');
    return sendStoredObject(services, req, reply, row, { download: query.download === '1', cache: open ? 'public' : 'private' });
  },
});
