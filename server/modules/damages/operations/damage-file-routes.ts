import { defineRoute } from '../../../http/route.js';
import { deleteDamageFile, listDamageFiles, uploadDamageFiles } from '../damage-files.js';
import { categoryParams, damageGuard as guard, fileParams, filesQuery, idParams } from '../damage-params.js';

export const uploadDamageFilesRoute = defineRoute({
  method: 'POST',
  url: '/damages/:id/files/:category',
  access: { permission: 'damage-report' },
  status: 201,
  summary:
    "Files of a damage (multipart file parts, several at once, any type): category files (photos, reports) or proof (proof of amount). With damages:manage, any damage's files; a reporter without it (a crew leader), only photos of a damage they reported that is still reported. Answers the files stored",
  tags: ['damages'],
  params: categoryParams,
  guard,
  handler: ({ actor, services, params, req }) => uploadDamageFiles(services, actor, params.id, params.category, req),
});

export const listDamageFilesRoute = defineRoute({
  method: 'GET',
  url: '/damages/:id/files',
  access: { permission: 'damages:view' },
  summary: "The damage's files, of one category when ?category=files|proof, oldest first, with signed links to view and download",
  tags: ['damages'],
  params: idParams,
  query: filesQuery,
  guard,
  handler: ({ actor, services, params, query }) => listDamageFiles(services, actor, params.id, query.category),
});

export const deleteDamageFileRoute = defineRoute({
  method: 'DELETE',
  url: '/damages/:id/files/:fileId',
  access: { permission: 'damages:manage' },
  summary: "Delete a file of the damage (either category) with its bytes. Damage files live outside the file manager, so DELETE /filesNew/{fileId} does not reach them",
  tags: ['damages'],
  params: fileParams,
  guard,
  handler: ({ actor, services, params }) => deleteDamageFile(services, actor, params.id, params.fileId),
});
