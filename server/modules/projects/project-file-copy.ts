import { randomUUID } from 'node:crypto';
import type { AddProjectFilesInput, ProjectFile, ProjectFileType } from '../../../resources/project.js';
import { holds } from '../../../permissions/index.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { removeBytes } from '../../storage/file-store.js';
import { fileCaller, refreshFileAcl, type FileCaller } from '../files/file-access.js';
import { fileColumns } from '../files/node-view.js';
import { projectAccess } from './project-access.js';
import { projectFiles, projectFolder } from './project-files.js';

/** The chosen files as the caller may see them in the file manager (current versions of the active company's); 404 unless every one is. */
async function visibleSources(db: Executor, c: FileCaller, ids: number[]) {
  const rows = await fileColumns(db, c).where('f.id', 'in', ids).execute();
  if (rows.length !== ids.length) throw notFound('File');
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

/**
 * POST /projects/{id}/files/{type}/existing (the spec's "file select"): files of the company's file
 * manager the caller may see are copied into the project's folder as project files of that type. Each
 * copy is a file of its own with its own bytes (copied inside the store), so deleting the original or
 * the copy never touches the other. All or nothing: a file the caller cannot see (another company's,
 * one outside their grants, or any without files:view) is a 404 and nothing is added.
 */
export async function addExistingProjectFiles(services: Services, actor: Actor, id: number, type: ProjectFileType, body: AddProjectFilesInput): Promise<{ files: ProjectFile[] }> {
  const c = fileCaller(actor);
  // Without files:view no file of the manager is the caller's to see.
  if (!holds(actor.profile, 'files:view')) throw notFound('File');
  const sources = await visibleSources(services.db, c, body.fileIds);
  const { project, folderId } = await projectFolder(services, actor, id);
  const copies = sources.map((source) => {
    const publicId = randomUUID();
    return { source, publicId, objectName: `${nowIso().slice(0, 10)}/${publicId}` };
  });
  // Bytes first, outside the transaction (as uploads do); removed again if it fails.
  const written: string[] = [];
  try {
    for (const copy of copies) {
      if (!(await services.storage.copy(copy.source.object_name, copy.objectName))) throw notFound('File');
      written.push(copy.objectName);
    }
    const ids = await services.db.transaction().execute(async (trx) => {
      // Checked again: the project, the caller's right or a file may have gone while the bytes were copied.
      await projectAccess(trx, actor, id, 'manage');
      await visibleSources(trx, c, body.fileIds);
      const added: number[] = [];
      for (const { source, publicId, objectName } of copies) {
        const now = nowIso();
        const row = await trx
          .insertInto('files')
          .values({
            public_id: publicId,
            company_id: project.company_id,
            entity_type: 'project',
            entity_id: String(id),
            type,
            filename: source.filename,
            name: source.name,
            folder_id: folderId,
            content_type: source.content_type,
            length: Number(source.length),
            object_name: objectName,
            uploaded_by: actor.user.id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await refreshFileAcl(trx, row.id);
        await recordAudit(trx, { userId: actor.user.id, companyId: project.company_id }, {
          entityType: 'file',
          entityId: row.id,
          action: 'created',
          after: { name: source.name, folderId, projectId: id, type, copiedFrom: source.id },
        });
        added.push(row.id);
      }
      return added;
    });
    return { files: await projectFiles(services, services.db, project, { ids }) };
  } catch (err) {
    await removeBytes(services, written);
    // The project's folder was deleted while the bytes were copied.
    throw isForeignKeyViolation(err) ? notFound('Folder') : err;
  }
}
