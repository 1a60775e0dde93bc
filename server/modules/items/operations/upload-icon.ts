import { defineRoute } from '../../../http/route.js';
import { readImageUpload } from '../../../storage/image-upload.js';
import { setItemIcon } from '../icon-service.js';
import { itemParams } from '../item-params.js';

export const uploadItemIcon = defineRoute({
  method: 'POST',
  url: '/items/:id/files',
  access: { company: 'id', of: 'items', permission: 'items:manage' },
  summary: "Upload an item's icon (multipart: type=icon, file: PNG, JPEG, GIF or WebP); answers the item with its iconId and iconUrl",
  tags: ['items'],
  params: itemParams,
  handler: async ({ actor, company, services, params, req }) =>
    setItemIcon(services, { userId: actor.user.id, companyId: company.companyId }, params.id, await readImageUpload(services, req, 'icon')),
});
