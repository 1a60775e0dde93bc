import { defineRoute } from '../../../http/route.js';
import { activeActor } from '../../items/item-params.js';
import { previewCatalogImport as preview } from '../catalog-import.js';
import { readImportUpload } from '../import-upload.js';

export const previewCatalogImport = defineRoute({
  method: 'POST',
  url: '/items/import/preview',
  access: { permission: 'items:manage' },
  summary:
    "Reads an xlsx or csv of the active company's catalog items (multipart file; columns code, name, unit, category) and answers each row as matched (updates that item), new or refused with its reason; writes nothing",
  tags: ['items'],
  handler: async ({ actor, services, req }) => preview(services, activeActor(actor), (await readImportUpload(services, req)).sheet),
});
