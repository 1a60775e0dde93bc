import type { FastifyRequest } from 'fastify';
import type { ProjectFile, ProjectFileType } from '../../../resources/project.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import type { Services } from '../../services.js';
import { storeUpload } from '../../storage/file-store.js';
import { signedFileUrl } from '../../storage/signed-links.js';
import { receiveUploads, refusalError } from '../../storage/uploads.js';
import { refreshFileAcl } from '../files/file-access.js';
import { projectAccess, type ProjectRow } from './project-access.js';
import { createProjectFolder } from './project-folder.js';

export interface ProjectFilesAnswer {
  files: ProjectFile[];
  errors: Array<{ filename: string; message: string }>;
}

/** The project's files (current versions), wherever the file manager has them now, oldest first. */
export async function projectFiles(services: Services, db: Executor, project: ProjectRow, filter: { type?: ProjectFileType; ids?: number[] }): Promise<ProjectFile[]> {
  let q = db
    .selectFrom('files as f')
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .select(['f.id', 'f.type', 'f.name', 'f.content_type', 'f.length', 'f.public_id', 'f.object_name', 'f.created_at', 'u.name as uploaded_by'])
    .where('f.company_id', '=', project.company_id)
    .where('f.entity_type', '=', 'project')
    .where('f.entity_id', '=', String(project.id))
    .where('f.version_of', 'is', null);
  if (filter.type) q = q.where('f.type', '=', filter.type);
  if (filter.ids) q = q.where('f.id', 'in', filter.ids);
  const rows = await q.orderBy('f.created_at').orderBy('f.id').execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as ProjectFileType,
    name: r.name,
    contentType: r.content_type,
    length: Number(r.length),
    url: signedFileUrl(services, r.public_id, { version: r.object_name }),
    uploadedBy: r.uploaded_by,
    createdAt: r.created_at,
  }));
}

/**
 * GET /projects/{id}/files: every company related to the project reads its files (contracts, work
 * orders), with the signed links the file manager hands out; the file manager's grants rule inside
 * the company that runs it only.
 */
export async function listProjectFiles(services: Services, actor: Actor, id: number, type?: ProjectFileType) {
  const { project } = await projectAccess(services.db, actor, id, 'view');
  return projectFiles(services, services.db, project, { type });
}

/** The project's folder, made again (with the same rules as at creation) when someone deleted it in the file manager. */
export async function projectFolder(services: Services, actor: Actor, id: number) {
  return services.db.transaction().execute(async (trx) => {
    const { project } = await projectAccess(trx, actor, id, 'manage');
    const folder = project.folder_id === null ? undefined : await trx.selectFrom('folders').select('id').where('id', '=', project.folder_id).executeTakeFirst();
    if (folder) return { project, folderId: folder.id };
    const made = await createProjectFolder(trx, project, actor.user.id);
    await trx.updateTable('projects').set({ folder_id: made.id }).where('id', '=', id).execute();
    await recordAudit(trx, { userId: actor.user.id, companyId: project.company_id }, { entityType: 'folder', entityId: made.id, action: 'created', after: { name: made.name, projectId: id } });
    return { project, folderId: made.id };
  });
}

/**
 * POST /projects/{id}/files/{type}: every file of the request into the project's folder, each stored
 * on its own (one refused file does not lose the others), owned by the project with its type.
 */
export async function uploadProjectFiles(services: Services, actor: Actor, id: number, type: ProjectFileType, req: FastifyRequest): Promise<ProjectFilesAnswer> {
  const upload = await receiveUploads(services, req);
  try {
    const { project, folderId } = await projectFolder(services, actor, id);
    if (!upload.files.length) throw refusalError(upload);
    const ids: number[] = [];
    for (const file of upload.files) {
      const target = { companyId: project.company_id, entityType: 'project', entityId: id, type, uploadedBy: actor.user.id, folderId };
      const stored = storeUpload(services, target, file, async (trx, row) => {
        // Checked again: the project may have gone, or the caller's right with it, while the bytes arrived.
        await projectAccess(trx, actor, id, 'manage');
        await refreshFileAcl(trx, row.id);
        await recordAudit(trx, { userId: actor.user.id, companyId: project.company_id }, {
          entityType: 'file',
          entityId: row.id,
          action: 'created',
          after: { name: row.filename, folderId, projectId: id, type },
        });
        return row.id;
      });
      // The folder was deleted while the bytes arrived.
      ids.push(await stored.catch((err: unknown) => Promise.reject(isForeignKeyViolation(err) ? notFound('Folder') : err)));
    }
    return { files: await projectFiles(services, services.db, project, { ids }), errors: upload.refused.map((r) => ({ filename: r.filename, message: r.message })) };
  } finally {
    await upload.discard();
  }
}
