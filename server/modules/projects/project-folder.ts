import { sql } from 'kysely';
import type { Executor } from '../../db/index.js';
import { escapeLike } from '../../lib/list-query.js';
import { nowIso } from '../../lib/json.js';

/** A folder name from the project's code and name: no path separators or control characters, within 255 with a " (n)" suffix. */
export function projectFolderBase(code: string, projectName: string) {
  // eslint-disable-next-line no-control-regex
  const clean = (v: string) => v.replace(/[/\\]/g, '-').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return `${clean(code)} – ${clean(projectName)}`.slice(0, 240).trim();
}

/** The base name, else the first free "base (n)" among the root's children, compared without case as the sibling index does. */
async function freeName(db: Executor, companyId: number, rootId: number, base: string) {
  const taken = await db
    .selectFrom('folders')
    .select(sql<string>`lower(name)`.as('name'))
    .where('company_id', '=', companyId)
    .where('parent_id', '=', rootId)
    .where(sql<boolean>`lower(name) like lower(${`${escapeLike(base)}%`}) escape '!'`)
    .execute();
  const names = new Set(taken.map((r) => r.name));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base} (${n})`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The project's folder in the file manager, under the company's root, marked with the project's id;
 * it takes the root's grants like any new folder. Project files are stored in it.
 */
export async function createProjectFolder(db: Executor, p: { id: number; company_id: number; code: string; project_name: string }, userId: number) {
  const root = await db
    .selectFrom('folders')
    .select(['id', 'acl_type', 'acl_id'])
    .where('company_id', '=', p.company_id)
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  const name = await freeName(db, p.company_id, root.id, projectFolderBase(p.code, p.project_name));
  const now = nowIso();
  const { id } = await db
    .insertInto('folders')
    .values({
      company_id: p.company_id,
      parent_id: root.id,
      name,
      project_id: p.id,
      created_by: userId,
      created_at: now,
      updated_at: now,
      acl_type: root.acl_type,
      acl_id: root.acl_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}
