import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { holds } from '../../../permissions/index.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';

/**
 * Who asks, as the file manager's access rule needs it (docs/decisions.md "File manager access"):
 * files:manage holders see and manage everything of the company; everyone else sees a node whose
 * applying grants (acl_type/acl_id, see migration 0012) are none or name their role or membership,
 * and manages it when such a grant is 'manage'.
 */
export interface FileCaller {
  userId: number;
  companyId: number;
  roleId: number;
  membershipId: number;
  manageAll: boolean;
}

export function fileCaller(actor: Actor): FileCaller {
  const m = actor.membership!;
  return { userId: actor.user.id, companyId: m.companyId, roleId: m.roleId, membershipId: m.id, manageAll: holds(actor.profile, 'files:manage') };
}

export type NodeType = 'folder' | 'file';

function grantToCaller(c: FileCaller, alias: string, manageOnly: boolean): RawBuilder<SqlBool> {
  const level = manageOnly ? sql` and g.level = 'manage'` : sql``;
  return sql<SqlBool>`exists (select 1 from file_permissions g where g.target_type = ${sql.ref(`${alias}.acl_type`)} and g.target_id = ${sql.ref(`${alias}.acl_id`)}${level}
    and ((g.subject_type = 'role' and g.subject_id = ${c.roleId}) or (g.subject_type = 'member' and g.subject_id = ${c.membershipId})))`;
}

/** The rows of `alias` (folders or files) the caller may see. */
export function visibleTo(c: FileCaller, alias: string): RawBuilder<SqlBool> {
  if (c.manageAll) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.ref(`${alias}.acl_type`)} is null or ${grantToCaller(c, alias, false)})`;
}

/** 1 when the caller may manage the row of `alias`, else 0, as a selectable column. */
export function manageableBy(c: FileCaller, alias: string): RawBuilder<number> {
  if (c.manageAll) return sql<number>`1`;
  return sql<number>`case when ${sql.ref(`${alias}.acl_type`)} is not null and ${grantToCaller(c, alias, true)} then 1 else 0 end`;
}

const hasGrants = (type: NodeType, idColumn: string) =>
  sql`exists (select 1 from file_permissions p where p.target_type = ${type} and p.target_id = ${sql.ref(idColumn)})`;

/** A folder and every folder under it, as a recursive CTE's select of ids. */
export const subtreeIds = (folderId: number) => sql`with recursive tree(id) as (
    select cast(${folderId} as integer) union all select c.id from folders c join tree t on c.parent_id = t.id
  ) select id from tree`;

/**
 * Takes the company's root folder row for the rest of the transaction, so two recomputations of the
 * same company's tree (grants on a folder and on one inside it, at the same moment) run one after the
 * other and the second reads what the first wrote. PostgreSQL locks the updated row; SQLite already
 * runs one writer at a time.
 */
async function lockCompanyTree(db: Executor, companyId: RawBuilder<unknown>) {
  await sql`update folders set updated_at = updated_at where company_id = ${companyId} and parent_id is null`.execute(db);
}

/**
 * Recomputes which grants apply to a folder and everything under it (after its grants changed or it
 * moved): each node takes its own grants if it has any, else its parent's applying ones. Run inside
 * the change's transaction.
 */
export async function refreshFolderAcl(db: Executor, folderId: number) {
  await lockCompanyTree(db, sql`(select company_id from folders where id = ${folderId})`);
  await sql`with recursive tree(id, acl_type, acl_id) as (
      select f.id,
        case when ${hasGrants('folder', 'f.id')} then 'folder' else p.acl_type end,
        case when ${hasGrants('folder', 'f.id')} then f.id else p.acl_id end
      from folders f left join folders p on p.id = f.parent_id where f.id = ${folderId}
      union all
      select c.id,
        case when ${hasGrants('folder', 'c.id')} then 'folder' else t.acl_type end,
        case when ${hasGrants('folder', 'c.id')} then c.id else t.acl_id end
      from folders c join tree t on c.parent_id = t.id
    )
    update folders set
      acl_type = (select tree.acl_type from tree where tree.id = folders.id),
      acl_id = (select tree.acl_id from tree where tree.id = folders.id)
    where id in (select id from tree)`.execute(db);
  await sql`update files set
      acl_type = case when ${hasGrants('file', 'files.id')} then 'file' else (select d.acl_type from folders d where d.id = files.folder_id) end,
      acl_id = case when ${hasGrants('file', 'files.id')} then files.id else (select d.acl_id from folders d where d.id = files.folder_id) end
    where folder_id in (${subtreeIds(folderId)})`.execute(db);
}

/** The same for one file (after its grants changed or it moved). */
export async function refreshFileAcl(db: Executor, fileId: number) {
  await lockCompanyTree(db, sql`(select company_id from files where id = ${fileId})`);
  await sql`update files set
      acl_type = case when ${hasGrants('file', 'files.id')} then 'file' else (select d.acl_type from folders d where d.id = files.folder_id) end,
      acl_id = case when ${hasGrants('file', 'files.id')} then files.id else (select d.acl_id from folders d where d.id = files.folder_id) end
    where id = ${fileId}`.execute(db);
}

/**
 * A role or membership that goes takes its grants with it, in the same transaction, and the nodes
 * they were on apply what is left (their other grants, else their ancestors').
 */
export async function dropGrantsOf(db: Executor, subjectType: 'role' | 'member', subjectIds: number[]) {
  if (!subjectIds.length) return;
  const targets = await db
    .deleteFrom('file_permissions')
    .where('subject_type', '=', subjectType)
    .where('subject_id', 'in', subjectIds)
    .returning(['target_type', 'target_id'])
    .execute();
  const seen = new Set<string>();
  for (const t of targets) {
    const key = `${t.target_type}:${t.target_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await (t.target_type === 'folder' ? refreshFolderAcl(db, t.target_id) : refreshFileAcl(db, t.target_id));
  }
}
