import { defineRoute } from '../../../http/route.js';
import { activeActor } from '../../items/item-params.js';
import { commitCatalogImport as commit } from '../catalog-import.js';
import { readImportUpload } from '../import-upload.js';

export const commitCatalogImport = defineRoute({
  method: 'POST',
  url: '/items/import',
  access: { permission: 'items:manage' },
  status: 201,
  summary:
    'Imports the same file as the preview into the catalog in one transaction; any refused row is a 400 listing each row and nothing is written, unless skipRefused=true leaves them out; answers the counts',
  tags: ['items'],
  handler: async ({ actor, services, req }) => {
    const { sheet, skipRefused } = await readImportUpload(services, req);
    return commit(services, activeActor(actor), sheet, skipRefused);
  },
});
