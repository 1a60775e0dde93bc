import { sql } from 'kysely';
import type { FileView, FolderView, NodePermission, PermissionLevel, PermissionSubject } from '../../../resources/files.js';
import type { Executor } from '../../db/index.js';
import type { Services } from '../../services.js';
import { signedFileUrl } from '../../storage/signed-links.js';
import { manageableBy, visibleTo, type FileCaller, type NodeType } from './file-access.js';

/** The columns a FolderView is made of, read with the caller's rights. */
export function folderColumns(db: Executor, c: FileCaller) {
  return db
    .selectFrom('folders as fo')
    .leftJoin('users as cu', 'cu.id', 'fo.created_by')
    .select([
      'fo.id',
      'fo.company_id',
      'fo.parent_id',
      'fo.name',
      'fo.project_id',
      'fo.created_by',
      'cu.name as created_by_name',
      'fo.created_at',
      'fo.updated_at',
      'fo.acl_type',
      'fo.acl_id',
    ])
    .select(manageableBy(c, 'fo').as('can_manage'))
    .where('fo.company_id', '=', c.companyId)
    .where(visibleTo(c, 'fo'));
}

/** The columns a FileView is made of (current versions only), read with the caller's rights. */
export function fileColumns(db: Executor, c: FileCaller) {
  return db
    .selectFrom('files as f')
    .innerJoin('folders as fd', 'fd.id', 'f.folder_id')
    .leftJoin('users as uu', 'uu.id', 'f.uploaded_by')
    .select([
      'f.id',
      'f.public_id',
      'f.object_name',
      'f.company_id',
      'f.folder_id',
      'fd.name as folder_name',
      'f.name',
      'f.filename',
      'f.content_type',
      'f.length',
      'f.created_at',
      'f.updated_at',
      'f.uploaded_by',
      'uu.name as uploaded_by_name',
      'f.acl_type',
      'f.acl_id',
    ])
    .select(manageableBy(c, 'f').as('can_manage'))
    .select(sql<number>`(select count(*) from files v where v.version_of = f.id)`.as('previous_versions'))
    .where('f.company_id', '=', c.companyId)
    .where('f.version_of', 'is', null)
    .where(visibleTo(c, 'f'));
}

type FolderRow = Awaited<ReturnType<ReturnType<typeof folderColumns>['executeTakeFirstOrThrow']>>;
type FileRow = Awaited<ReturnType<ReturnType<typeof fileColumns>['executeTakeFirstOrThrow']>>;

interface Access {
  permissions: NodePermission[];
  inheritedFrom: { id: number; name: string } | null;
}

/** Own grants (with names) and the folder inherited from, for a page of nodes, in two queries. */
async function accessOf(db: Executor, nodes: Array<{ type: NodeType; id: number; acl_type: string | null; acl_id: number | null }>) {
  const byNode = new Map<string, Access>();
  if (!nodes.length) return byNode;
  const grants = await db
    .selectFrom('file_permissions as p')
    .leftJoin('roles as r', (j) => j.onRef('r.id', '=', 'p.subject_id').on('p.subject_type', '=', 'role'))
    .leftJoin('memberships as m', (j) => j.onRef('m.id', '=', 'p.subject_id').on('p.subject_type', '=', 'member'))
    .select(['p.target_type', 'p.target_id', 'p.subject_type', 'p.subject_id', 'p.level', 'r.name as role_name', 'm.name as member_name'])
    .where((eb) =>
      eb.or(
        (['folder', 'file'] as const)
          .map((type) => ({ type, ids: nodes.filter((n) => n.type === type).map((n) => n.id) }))
          .filter((g) => g.ids.length)
          .map((g) => eb.and([eb('p.target_type', '=', g.type), eb('p.target_id', 'in', g.ids)])),
      ),
    )
    .orderBy('p.id')
    .execute();
  const inheritedIds = [...new Set(nodes.filter((n) => n.acl_type === 'folder' && !(n.type === 'folder' && n.acl_id === n.id)).map((n) => n.acl_id!))];
  const names = new Map(
    inheritedIds.length
      ? (await db.selectFrom('folders').select(['id', 'name']).where('id', 'in', inheritedIds).execute()).map((f) => [f.id, f.name] as const)
      : [],
  );
  for (const n of nodes) {
    const own = grants.filter((g) => g.target_type === n.type && g.target_id === n.id);
    const from = n.acl_type === 'folder' && !(n.type === 'folder' && n.acl_id === n.id) ? n.acl_id! : null;
    byNode.set(`${n.type}:${n.id}`, {
      permissions: own.map((g) => ({
        subjectType: g.subject_type as PermissionSubject,
        subjectId: g.subject_id,
        subjectName: (g.subject_type === 'role' ? g.role_name : g.member_name) ?? '',
        level: g.level as PermissionLevel,
      })),
      inheritedFrom: from === null ? null : { id: from, name: names.get(from) ?? '' },
    });
  }
  return byNode;
}

export async function folderViews(db: Executor, rows: FolderRow[]): Promise<FolderView[]> {
  const access = await accessOf(db, rows.map((r) => ({ type: 'folder' as const, ...r })));
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    parentId: r.parent_id,
    name: r.name,
    projectId: r.project_id,
    isRoot: r.parent_id === null,
    createdBy: r.created_by === null ? null : { id: r.created_by, name: r.created_by_name ?? '' },
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    ...access.get(`folder:${r.id}`)!,
    canManage: Number(r.can_manage) === 1,
  }));
}

export async function fileViews(services: Services, db: Executor, rows: FileRow[]): Promise<FileView[]> {
  const access = await accessOf(db, rows.map((r) => ({ type: 'file' as const, ...r })));
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id!,
    folderId: r.folder_id!,
    folderName: r.folder_name,
    name: r.name,
    filename: r.filename,
    contentType: r.content_type,
    length: Number(r.length),
    uploadDate: String(r.created_at),
    updatedAt: String(r.updated_at ?? r.created_at),
    uploadedBy: r.uploaded_by === null ? null : { id: r.uploaded_by, name: r.uploaded_by_name ?? '' },
    previousVersions: Number(r.previous_versions),
    url: signedFileUrl(services, r.public_id, { version: r.object_name }),
    downloadUrl: signedFileUrl(services, r.public_id, { version: r.object_name, download: true }),
    ...access.get(`file:${r.id}`)!,
    canManage: Number(r.can_manage) === 1,
  }));
}
