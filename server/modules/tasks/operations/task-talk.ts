import { taskCommentBody } from '../../../../resources/task.js';
import { entityActivity } from '../../../lib/entity-activity.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { defineRoute } from '../../../http/route.js';
import { taskScope } from '../task-access.js';
import { addTaskComment, listTaskComments } from '../task-comments.js';
import { deleteTaskFile, listTaskFiles, uploadTaskFiles } from '../task-files.js';
import { fileParams, idParams, viewGuard, workGuard } from '../task-params.js';

export const listComments = defineRoute({
  method: 'GET',
  url: '/tasks/:id/comments',
  access: { permission: 'tasks:view' },
  summary: "The task's comments, oldest first (mine: the caller wrote it)",
  tags: ['tasks'],
  params: idParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => listTaskComments(services, actor, params.id),
});

export const addComment = defineRoute({
  method: 'POST',
  url: '/tasks/:id/comments',
  access: { permission: 'tasks:view' },
  status: 201,
  summary: "A comment on the task ({ comment }), by anyone who reads it; the crew's leaders and the task's creator are told (task-comment)",
  tags: ['tasks'],
  params: idParams,
  body: taskCommentBody,
  guard: viewGuard,
  handler: ({ actor, services, params, body }) => addTaskComment(services, actor, params.id, body),
});

export const taskActivity = defineRoute({
  method: 'GET',
  url: '/tasks/:id/activity',
  access: { permission: 'tasks:view' },
  summary: "The task's activity from the audit trail (changes, moves, items, comments, files), newest first (paged list, X-Total-Count; filters: action, createdAt)",
  tags: ['tasks'],
  params: idParams,
  query: listQuery,
  guard: viewGuard,
  handler: async ({ actor, services, params, query, reply }) => {
    await taskScope(services.db, actor, params.id);
    return sendPage(reply, await entityActivity(services.db, 'task', params.id, query));
  },
});

export const uploadFiles = defineRoute({
  method: 'POST',
  url: '/tasks/:id/files',
  access: { permission: 'tasks:view' },
  status: 201,
  summary:
    "Files of the task (multipart: file parts, several allowed, any type; category photo, document or other (default other), a photo being a PNG, JPEG, GIF or WebP image; type: the entity type the original client sends, not used). By tasks:manage or the leader of the task's crew. Answers the files stored",
  tags: ['tasks'],
  params: idParams,
  guard: workGuard,
  handler: ({ actor, services, params, req }) => uploadTaskFiles(services, actor, params.id, req),
});

export const listFiles = defineRoute({
  method: 'GET',
  url: '/tasks/:id/files',
  access: { permission: 'tasks:view' },
  summary: "The task's files by category, with signed links to their bytes",
  tags: ['tasks'],
  params: idParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => listTaskFiles(services, actor, params.id),
});

export const deleteFile = defineRoute({
  method: 'DELETE',
  url: '/tasks/:id/files/:fileId',
  access: { permission: 'tasks:view' },
  summary: "Delete a file of the task, by whoever added it or someone with tasks:manage (403 otherwise); the task's files live outside the file manager, so DELETE /filesNew/{id} does not reach them",
  tags: ['tasks'],
  params: fileParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => deleteTaskFile(services, actor, params.id, params.fileId),
});
