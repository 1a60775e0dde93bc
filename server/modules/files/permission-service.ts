import type { FileView, FolderView, SetPermissionInput } from '../../../resources/files.js';
import type { Executor } from '../../db/index.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { refreshFileAcl, refreshFolderAcl, type FileCaller } from './file-access.js';
import { getFile } from './file-service.js';
import { folderView, manageableFolder } from './folder-service.js';
import { fileColumns } from './node-view.js';

const permissionRequired = 'permission is required for add and remove';

/** The subject must be a role or an accepted or invited member of the caller's company. */
async function checkSubject(db: Executor, c: FileCaller, subject: { subjectType: 'role' | 'member'; subjectId: number }) {
  const found =
    subject.subjectType === 'role'
      ? await db.selectFrom('roles').select('id').where('id', '=', subject.subjectId).where('scope_type', '=', 'company').where('scope_id', '=', c.companyId).executeTakeFirst()
      : await db.selectFrom('memberships').select('id').where('id', '=', subject.subjectId).where('company_id', '=', c.companyId).where('type', '=', 'company').executeTakeFirst();
  if (!found) {
    const message = subject.subjectType === 'role' ? 'No such role in this company' : 'No such member in this company';
    throw badRequest(message, [{ field: 'permission.subjectId', message }]);
  }
}

/**
 * POST /folder/file/permission/{id}: adds or removes one grant, or drops them all (inherit), then
 * recomputes which grants apply to the node and (for a folder) everything under it, in one transaction.
 */
export async function setPermission(services: Services, c: FileCaller, id: number, input: SetPermissionInput): Promise<FolderView | FileView> {
  await services.db.transaction().execute(async (trx) => {
    if (input.type === 'folder') await manageableFolder(trx, c, id);
    else {
      const row = await fileColumns(trx, c).where('f.id', '=', id).executeTakeFirst();
      if (!row) throw notFound('File');
      if (Number(row.can_manage) !== 1) throw forbidden();
    }
    const target = trx.deleteFrom('file_permissions').where('target_type', '=', input.type).where('target_id', '=', id);
    if (input.action === 'inherit') await target.execute();
    else {
      const p = input.permission;
      if (!p) throw badRequest(permissionRequired, [{ field: 'permission', message: permissionRequired }]);
      await checkSubject(trx, c, p);
      await target.where('subject_type', '=', p.subjectType).where('subject_id', '=', p.subjectId).execute();
      if (input.action === 'add') {
        await trx
          .insertInto('file_permissions')
          .values({ company_id: c.companyId, target_type: input.type, target_id: id, subject_type: p.subjectType, subject_id: p.subjectId, level: p.level, created_at: nowIso() })
          .execute();
      }
    }
    await (input.type === 'folder' ? refreshFolderAcl(trx, id) : refreshFileAcl(trx, id));
    await recordAudit(trx, { userId: c.userId, companyId: c.companyId }, {
      entityType: input.type,
      entityId: id,
      action: `permission-${input.action}`,
      after: input.permission ? { ...input.permission } : { inherit: true },
    });
  });
  // The caller may have taken away their own sight of it: then the change is done and the node is 404 to them.
  return input.type === 'folder' ? folderView(services.db, c, id) : getFile(services, services.db, c, id);
}
