import { defineRoute } from '../../../http/route.js';
import { footprintGuard as guard, idParams, photoParams } from '../footprint-params.js';
import { deleteFootprintPhoto, listFootprintPhotos, uploadFootprintPhotos } from '../footprint-photos.js';

export const uploadFootprintPhotosRoute = defineRoute({
  method: 'POST',
  url: '/footprints/:id/files',
  access: { permission: 'footprints:manage' },
  status: 201,
  summary: 'Photos of a footprint (multipart file parts, several at once; PNG, JPEG, GIF or WebP). Answers the photos stored',
  tags: ['footprints'],
  params: idParams,
  guard,
  handler: ({ actor, services, params, req }) => uploadFootprintPhotos(services, actor, params.id, req),
});

export const listFootprintPhotosRoute = defineRoute({
  method: 'GET',
  url: '/footprints/:id/files',
  access: { permission: 'footprints:view' },
  summary: "The footprint's photos, oldest first, with signed links",
  tags: ['footprints'],
  params: idParams,
  guard,
  handler: ({ actor, services, params }) => listFootprintPhotos(services, actor, params.id),
});

export const deleteFootprintPhotoRoute = defineRoute({
  method: 'DELETE',
  url: '/footprints/:id/files/:fileId',
  access: { permission: 'footprints:manage' },
  summary: 'Delete a photo of the footprint with its bytes',
  tags: ['footprints'],
  params: photoParams,
  guard,
  handler: ({ actor, services, params }) => deleteFootprintPhoto(services, actor, params.id, params.fileId),
});
