import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { folderAnswer } from '../folder-service.js';

export const getFolder = defineRoute({
  method: 'GET',
  url: '/folders/folderId/:id',
  access: { permission: 'files:view' },
  summary: 'A folder the caller may see: { folder, folders (visible sub-folders by name), breadcrumbs (root first) }',
  tags: ['files'],
  params: z.object({ id: idParam() }),
  handler: ({ actor, services, params }) => folderAnswer(services.db, fileCaller(actor), params.id),
});
