import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { uploadFiles as upload } from '../file-service.js';

export const uploadFiles = defineRoute({
  method: 'POST',
  url: '/filesNew',
  access: { permission: 'files:view' },
  status: 201,
  summary: 'Upload files into a folder the caller manages (multipart: folderId before the file[] parts); answers { files, errors } with each refused file and why',
  tags: ['files'],
  handler: ({ actor, services, req }) => upload(services, fileCaller(actor), req),
});
