import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { folderAnswer } from '../folder-service.js';

export const getRootFolder = defineRoute({
  method: 'GET',
  url: '/folders/root',
  access: { permission: 'files:view' },
  summary: "The active company's root folder: { folder, folders (visible sub-folders by name), breadcrumbs }",
  tags: ['files'],
  handler: ({ actor, services }) => folderAnswer(services.db, fileCaller(actor), 'root'),
});
