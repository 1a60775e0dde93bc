import { sql } from 'kysely';
import { FILE_MESSAGES, NEW_FOLDER_NAME, type Breadcrumb, type CreateFolderInput, type FolderAnswer, type FolderView, type UpdateFolderInput } from '../../../resources/files.js';
import type { Executor } from '../../db/index.js';
import { isUniqueViolation } from '../../db/constraint-errors.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { fileTransaction, type FileReleases } from '../../storage/file-store.js';
import { refreshFolderAcl, subtreeIds, type FileCaller } from './file-access.js';
import { folderColumns, folderViews } from './node-view.js';

const auditActor = (c: FileCaller) => ({ userId: c.userId, companyId: c.companyId });
/** The owner every file-manager file is stored under (file-store.ts): the company, so a release never crosses tenants. */
export const managerFileOwner = (companyId: number) => ({ entityType: 'company', entityId: companyId, type: 'file' });

/** A folder the caller may see, else 404 (as another company's). */
export async function visibleFolder(db: Executor, c: FileCaller, id: number) {
  const row = await folderColumns(db, c).where('fo.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Folder');
  return row;
}

export async function manageableFolder(db: Executor, c: FileCaller, id: number) {
  const row = await visibleFolder(db, c, id);
  if (Number(row.can_manage) !== 1) throw forbidden();
  return row;
}

/** Root first, the folder last: seeing a folder implies knowing its path, so every ancestor is named. */
export async function breadcrumbs(db: Executor, id: number): Promise<Breadcrumb[]> {
  const { rows } = await sql<{ id: number; name: string; depth: number }>`with recursive up(id, name, parent_id, depth) as (
      select id, name, parent_id, 0 from folders where id = ${id}
      union all select f.id, f.name, f.parent_id, up.depth + 1 from folders f join up on f.id = up.parent_id
    ) select id, name, depth from up order by depth desc`.execute(db);
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

async function rootId(db: Executor, companyId: number) {
  const row = await db.selectFrom('folders').select('id').where('company_id', '=', companyId).where('parent_id', 'is', null).executeTakeFirst();
  if (!row) throw notFound('Folder');
  return row.id;
}

export async function folderAnswer(db: Executor, c: FileCaller, id: number | 'root'): Promise<FolderAnswer> {
  const folderId = id === 'root' ? await rootId(db, c.companyId) : id;
  const [folder] = await folderViews(db, [await visibleFolder(db, c, folderId)]);
  const children = await folderColumns(db, c).where('fo.parent_id', '=', folderId).orderBy('fo.name').orderBy('fo.id').execute();
  return { folder: folder!, folders: await folderViews(db, children), breadcrumbs: await breadcrumbs(db, folderId) };
}

export async function folderView(db: Executor, c: FileCaller, id: number): Promise<FolderView> {
  return (await folderViews(db, [await visibleFolder(db, c, id)]))[0]!;
}

async function nameTaken(db: Executor, companyId: number, parentId: number, name: string, exceptId?: number) {
  let q = db
    .selectFrom('folders')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', '=', parentId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** 'New Folder', else the first free 'New Folder (n)' among its siblings (spec 01 §9). */
async function freeNewFolderName(db: Executor, companyId: number, parentId: number) {
  const taken = await db
    .selectFrom('folders')
    .select(sql<string>`lower(name)`.as('name'))
    .where('company_id', '=', companyId)
    .where('parent_id', '=', parentId)
    .where(sql<boolean>`lower(name) like lower(${`${NEW_FOLDER_NAME}%`})`)
    .execute();
  const names = new Set(taken.map((r) => r.name));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? NEW_FOLDER_NAME : `${NEW_FOLDER_NAME} (${n})`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

/** A concurrent create or rename took the name between our check and the write: the same 409. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(FILE_MESSAGES.nameTaken);
    throw err;
  }
}

export async function createFolder(services: Services, c: FileCaller, input: CreateFolderInput): Promise<FolderView> {
  const id = await uniqueName(() =>
    services.db.transaction().execute(async (trx) => {
      const parent = await manageableFolder(trx, c, input.parentId);
      const name = input.name ?? (await freeNewFolderName(trx, c.companyId, parent.id));
      if (await nameTaken(trx, c.companyId, parent.id, name)) throw conflict(FILE_MESSAGES.nameTaken);
      const now = nowIso();
      const { id } = await trx
        .insertInto('folders')
        .values({
          company_id: c.companyId,
          parent_id: parent.id,
          name,
          project_id: null,
          created_by: c.userId,
          created_at: now,
          updated_at: now,
          acl_type: parent.acl_type,
          acl_id: parent.acl_id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, auditActor(c), { entityType: 'folder', entityId: id, action: 'created', after: { name, parentId: parent.id } });
      return id;
    }),
  );
  return folderView(services.db, c, id);
}

export async function updateFolder(services: Services, c: FileCaller, id: number, input: UpdateFolderInput): Promise<FolderView> {
  await uniqueName(() =>
    services.db.transaction().execute(async (trx) => {
      const folder = await manageableFolder(trx, c, id);
      if (folder.parent_id === null) throw badRequest(FILE_MESSAGES.rootFixed, [{ field: 'parentId', message: FILE_MESSAGES.rootFixed }]);
      const name = input.name ?? folder.name;
      const parentId = input.parentId ?? folder.parent_id;
      const moved = parentId !== folder.parent_id;
      if (!moved && name === folder.name) return;
      if (moved) {
        await manageableFolder(trx, c, parentId);
        const inside = await sql<{ id: number }>`${subtreeIds(id)}`.execute(trx);
        if (inside.rows.some((r) => r.id === parentId)) {
          throw badRequest(FILE_MESSAGES.moveIntoItself, [{ field: 'parentId', message: FILE_MESSAGES.moveIntoItself }]);
        }
      }
      if (await nameTaken(trx, c.companyId, parentId, name, id)) throw conflict(FILE_MESSAGES.nameTaken);
      await trx.updateTable('folders').set({ name, parent_id: parentId, updated_at: nowIso() }).where('id', '=', id).execute();
      if (moved) await refreshFolderAcl(trx, id);
      await recordAudit(trx, auditActor(c), {
        entityType: 'folder',
        entityId: id,
        action: moved ? 'moved' : 'renamed',
        before: { name: folder.name, parentId: folder.parent_id },
        after: { name, parentId },
      });
    }),
  );
  return folderView(services.db, c, id);
}

/**
 * Releases file-manager files by id, each under its own owner: the company's files, and project files
 * (kept in a project's folder under the project as owner, server/modules/projects). Earlier versions
 * are always the company's and go first, as `ids` orders them: they point at the current files.
 */
export async function releaseManagerFiles(db: Executor, files: FileReleases, companyId: number, ids: number[]) {
  await files.releaseMany(managerFileOwner(companyId), ids);
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('files')
      .select(['id', 'entity_id', 'type'])
      .where('id', 'in', ids.slice(i, i + 500))
      .where('company_id', '=', companyId)
      .where('entity_type', '=', 'project')
      .execute();
    const byOwner = new Map<string, { entityId: string; type: string; ids: number[] }>();
    for (const r of rows) {
      const key = `${r.entity_id}:${r.type}`;
      const group = byOwner.get(key) ?? { entityId: r.entity_id, type: r.type, ids: [] };
      group.ids.push(r.id);
      byOwner.set(key, group);
    }
    for (const g of byOwner.values()) await files.releaseMany({ entityType: 'project', entityId: g.entityId, type: g.type }, g.ids);
  }
}

/**
 * A folder, its sub-folders, their files (with earlier versions) and grants, inside the caller's
 * transaction (bytes go once it commits); the caller has checked the right to it. Answers what went.
 */
export async function removeFolderTree(trx: Executor, files: FileReleases, companyId: number, id: number) {
  const folderIds = (await sql<{ id: number }>`${subtreeIds(id)}`.execute(trx)).rows.map((r) => Number(r.id));
  const fileRows = await trx
    .selectFrom('files')
    .select(['id', 'version_of'])
    .where('company_id', '=', companyId)
    .where(sql<boolean>`folder_id in (${subtreeIds(id)})`)
    .execute();
  // Earlier versions first: they point at the current ones.
  const fileIds = [...fileRows.filter((f) => f.version_of !== null), ...fileRows.filter((f) => f.version_of === null)].map((f) => f.id);
  await trx
    .deleteFrom('file_permissions')
    .where('target_type', '=', 'file')
    .where(sql<boolean>`target_id in (select id from files where folder_id in (${subtreeIds(id)}))`)
    .execute();
  await trx.deleteFrom('file_permissions').where('target_type', '=', 'folder').where(sql<boolean>`target_id in (${subtreeIds(id)})`).execute();
  await releaseManagerFiles(trx, files, companyId, fileIds);
  // Deepest first, so no folder goes before its children.
  for (const folderId of [...folderIds].reverse()) await trx.deleteFrom('folders').where('id', '=', folderId).execute();
  return { folders: folderIds.length, files: fileRows.filter((f) => f.version_of === null).length };
}

/** The folder, its sub-folders, their files (with earlier versions) and grants: rows in one transaction, bytes after it commits. */
export async function deleteFolder(services: Services, c: FileCaller, id: number) {
  await fileTransaction(services, async (trx, files) => {
    const folder = await manageableFolder(trx, c, id);
    if (folder.parent_id === null) throw badRequest(FILE_MESSAGES.rootFixed, [{ field: 'id', message: FILE_MESSAGES.rootFixed }]);
    const removed = await removeFolderTree(trx, files, c.companyId, id);
    await recordAudit(trx, auditActor(c), {
      entityType: 'folder',
      entityId: id,
      action: 'deleted',
      before: { name: folder.name, parentId: folder.parent_id, ...removed },
    });
  });
}
