import { defineRoute } from '../../../http/route.js';
import { itemScope } from '../production-items.js';
import { currentItemProduction, currentProduction, idParams, itemManageGuard, manageGuard, photoParams, viewGuard } from '../production-params.js';
import { deletePhoto, listPhotos, uploadPhotos } from '../production-photos.js';
import { managedProduction } from '../production-access.js';

export const uploadProductionPhotos = defineRoute({
  method: 'POST',
  url: '/production/:id/files',
  access: { permission: 'productions:manage' },
  status: 201,
  summary: "Photos of a draft production (multipart file[] parts, several at once; PNG, JPEG, GIF or WebP), kept as the producer's files; 409 unless draft. Answers the photos stored",
  tags: ['productions'],
  params: idParams,
  guard: manageGuard,
  current: currentProduction,
  handler: ({ actor, services, params, req }) => uploadPhotos(services, actor, { productionId: params.id, itemId: null }, req),
});

export const uploadProductionItemPhotos = defineRoute({
  method: 'POST',
  url: '/production/item/:id/files',
  access: { permission: 'productions:manage' },
  status: 201,
  summary: "Photos of an item of a draft production (multipart file[] parts, several at once; PNG, JPEG, GIF or WebP); 409 unless draft. Answers the photos stored",
  tags: ['productions'],
  params: idParams,
  guard: itemManageGuard,
  current: currentItemProduction,
  handler: async ({ actor, services, params, req }) => {
    const scope = await itemScope(services.db, actor, params.id);
    return uploadPhotos(services, actor, { productionId: scope.production.id, itemId: params.id }, req);
  },
});

export const listProductionPhotos = defineRoute({
  method: 'GET',
  url: '/production/:id/photos',
  access: { permission: 'productions:view' },
  summary: "The production's photos and its items' (productionItemId), oldest first, with signed links to their bytes",
  tags: ['productions'],
  params: idParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => listPhotos(services, actor, params.id),
});

export const deleteProductionPhoto = defineRoute({
  method: 'DELETE',
  url: '/production/:id/photos/:photoId',
  access: { permission: 'productions:manage' },
  summary: 'Delete a photo of a draft production with its file; 409 unless draft',
  tags: ['productions'],
  params: photoParams,
  guard: async ({ actor, services, params }) => void (await managedProduction(services.db, actor, params.id)),
  current: currentProduction,
  handler: ({ actor, services, params }) => deletePhoto(services, actor, params.id, params.photoId),
});
