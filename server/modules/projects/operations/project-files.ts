import { addProjectFilesBody } from '../../../../resources/project.js';
import { defineRoute } from '../../../http/route.js';
import { addExistingProjectFiles as addExisting } from '../project-file-copy.js';
import { listProjectFiles as list, uploadProjectFiles as upload } from '../project-files.js';
import { manageGuard, projectFileParams, projectFilesQuery, projectParams, viewGuard } from '../project-params.js';

export const uploadProjectFiles = defineRoute({
  method: 'POST',
  url: '/projects/:id/files/:fileType',
  access: { permission: 'projects:view' },
  status: 201,
  summary:
    "Upload project files of a type (contract, workOrder or other) into the project's folder (multipart: file parts, several allowed; the company that runs it, with projects:manage); answers { files, errors } with each refused file and why. Deleting is DELETE /filesNew/{fileId}",
  tags: ['projects'],
  params: projectFileParams,
  guard: manageGuard,
  handler: ({ actor, services, params, req }) => upload(services, actor, params.id, params.fileType, req),
});

export const listProjectFiles = defineRoute({
  method: 'GET',
  url: '/projects/:id/files',
  access: { permission: 'projects:view' },
  summary: 'The project files, optionally of one type, with signed links to their bytes, oldest first',
  tags: ['projects'],
  params: projectParams,
  query: projectFilesQuery,
  guard: viewGuard,
  handler: ({ actor, services, params, query }) => list(services, actor, params.id, query.type),
});

export const addExistingProjectFiles = defineRoute({
  method: 'POST',
  url: '/projects/:id/files/:fileType/existing',
  access: { permission: 'projects:view' },
  status: 201,
  summary:
    "Add files of the company's file manager to the project as files of a type (the file select dialog): { fileId } or { fileIds } (at most 100), each a file the caller may see; each is copied, bytes and all, into the project's folder. Answers { files }. The company that runs it, with projects:manage; a file the caller cannot see is a 404 and nothing is added",
  tags: ['projects'],
  params: projectFileParams,
  body: addProjectFilesBody,
  guard: manageGuard,
  handler: ({ actor, services, params, body }) => addExisting(services, actor, params.id, params.fileType, body),
});
