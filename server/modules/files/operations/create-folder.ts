import { createFolderBody } from '../../../../resources/files.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { createFolder as create } from '../folder-service.js';

export const createFolder = defineRoute({
  method: 'POST',
  url: '/folders',
  access: { permission: 'files:view' },
  status: 201,
  summary: "A folder in a parent the caller manages; name 'New Folder' by default (' (2)', ' (3)'... when taken); answers the folder",
  tags: ['files'],
  body: createFolderBody,
  handler: ({ actor, services, body }) => create(services, fileCaller(actor), body),
});
