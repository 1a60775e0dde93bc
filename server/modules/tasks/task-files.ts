import type { FastifyRequest } from 'fastify';
import { TASK_MESSAGES, taskFileFields, type TaskFile, type TaskFileCategory } from '../../../resources/task.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { IMAGE_TYPES } from '../../storage/content-type.js';
import { fileTransaction, storeUpload, type FileReleases } from '../../storage/file-store.js';
import { signedFileUrl } from '../../storage/signed-links.js';
import { receiveUploads, refusalError } from '../../storage/uploads.js';
import { taskScope, workedTask } from './task-access.js';
import { auditTask } from './task-audit.js';
import { notifyTask } from './task-notify.js';

/**
 * A task's files are its company's files owned by the task (entity 'task'), outside the file
 * manager's folders, any type, each under a category (photo, document, other); they go with the task
 * (or its project) through the file store's releases.
 */
const FILE_TYPE = 'task-file';
const taskFileOwner = (taskId: number) => ({ entityType: 'task', entityId: taskId, type: FILE_TYPE });

/** Releases every file of these tasks: rows in the transaction, bytes once it commits. */
export async function releaseTaskFiles(db: Executor, files: FileReleases, taskIds: number[]) {
  for (let i = 0; i < taskIds.length; i += 500) {
    const rows = await db.selectFrom('task_files').select(['task_id', 'file_id']).where('task_id', 'in', taskIds.slice(i, i + 500)).execute();
    for (const taskId of new Set(rows.map((r) => r.task_id))) {
      await files.releaseMany(taskFileOwner(taskId), rows.filter((r) => r.task_id === taskId).map((r) => r.file_id));
    }
  }
}

async function fileViews(services: Services, db: Executor, taskId: number, fileIds?: number[]): Promise<TaskFile[]> {
  let q = db
    .selectFrom('task_files as tf')
    .innerJoin('files as f', 'f.id', 'tf.file_id')
    .leftJoin('users as u', 'u.id', 'tf.created_by')
    .select(['f.id', 'tf.category', 'f.name', 'f.content_type', 'f.length', 'f.public_id', 'f.object_name', 'u.name as uploaded_by', 'tf.created_at'])
    .where('tf.task_id', '=', taskId);
  if (fileIds) q = q.where('f.id', 'in', fileIds.length ? fileIds : [0]);
  const rows = await q.orderBy('tf.category').orderBy('tf.id').execute();
  return rows.map((r) => ({
    id: r.id,
    taskId,
    category: r.category as TaskFileCategory,
    name: r.name,
    contentType: r.content_type,
    length: Number(r.length),
    url: signedFileUrl(services, r.public_id, { version: r.object_name }),
    uploadedBy: r.uploaded_by ?? null,
    createdAt: r.created_at,
  }));
}

/** GET /tasks/{id}/files: by category, oldest first, with signed links to their bytes. */
export async function listTaskFiles(services: Services, actor: Actor, id: number) {
  await taskScope(services.db, actor, id);
  return fileViews(services, services.db, id);
}

/**
 * POST /tasks/{id}/files (multipart: file parts, type, category): each file stored on its own under
 * the category; a photo must be an image. Managers, or the leader of the task's crew.
 */
export async function uploadTaskFiles(services: Services, actor: Actor, id: number, req: FastifyRequest): Promise<TaskFile[]> {
  const upload = await receiveUploads(services, req, { check: (f) => (f.length === 0 ? 'The file is empty' : null) });
  try {
    const { task } = await workedTask(services.db, actor, id);
    const fields = taskFileFields.safeParse(upload.fields);
    if (!fields.success) {
      const issue = fields.error.issues[0]!;
      const field = String(issue.path[0] ?? 'category');
      throw badRequest(`${field}: ${issue.message}`, [{ field, message: issue.message }]);
    }
    const { category } = fields.data;
    if (!upload.files.length) throw refusalError(upload);
    if (category === 'photo' && upload.files.some((f) => !IMAGE_TYPES.has(f.contentType))) throw badRequest(`file: ${TASK_MESSAGES.photo}`, [{ field: 'file', message: TASK_MESSAGES.photo }]);
    const ids: number[] = [];
    for (const file of upload.files) {
      const owner = { companyId: task.company_id, ...taskFileOwner(task.id), uploadedBy: actor.user.id };
      ids.push(
        await storeUpload(services, owner, file, async (trx, row) => {
          // Checked again: the task may have gone while the bytes arrived.
          const scope = await workedTask(trx, actor, task.id, true);
          await trx.insertInto('task_files').values({ task_id: task.id, file_id: row.id, category, created_by: actor.user.id, created_at: row.uploadDate }).execute();
          await auditTask(trx, actor.user.id, scope.task, 'file added', null, { file: row.filename, category });
          await notifyTask(services, trx, scope.task, actor.user.id, { type: 'task-file', description: `${actor.user.name} added ${row.filename} to the task ${scope.task.summary}`, eventId: row.id });
          return row.id;
        }),
      );
    }
    return fileViews(services, services.db, task.id, ids);
  } finally {
    await upload.discard();
  }
}

/** DELETE /tasks/{id}/files/{fileId}: managers, or whoever uploaded it; rows now, bytes once committed. */
export async function deleteTaskFile(services: Services, actor: Actor, id: number, fileId: number): Promise<void> {
  await fileTransaction(services, async (trx, files) => {
    const scope = await taskScope(trx, actor, id, true);
    const row = await trx
      .selectFrom('task_files as tf')
      .innerJoin('files as f', 'f.id', 'tf.file_id')
      .select(['tf.id', 'tf.created_by', 'tf.category', 'f.name'])
      .where('tf.task_id', '=', id)
      .where('tf.file_id', '=', fileId)
      .executeTakeFirst();
    if (!row) throw notFound('File');
    if (!scope.canManage && row.created_by !== actor.user.id) throw forbidden('Only whoever added a file, or someone with tasks:manage, may delete it');
    await trx.deleteFrom('task_files').where('id', '=', row.id).execute();
    await files.release(taskFileOwner(id), { id: fileId });
    await auditTask(trx, actor.user.id, scope.task, 'file deleted', { file: row.name, category: row.category }, null);
  });
}
