import { sql } from 'kysely';
import type { RolePermission } from '../../../permissions/index.js';
import type { CreateRoleInput, UpdateRoleInput } from '../../../resources/role.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict, notFound } from '../../http/errors.js';
import { diff, recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.js';
import { isOwnerRole, ROLE_COLUMNS, rolePermissions, roleView, type RoleRow } from './role-view.js';
import { dropGrantsOf } from '../files/file-access.js';

const ROLE_LIST: ListSpec = {
  fields: {
    id: { column: 'id', type: 'number', filter: true, sort: true },
    name: { column: 'name', type: 'text', filter: true, sort: true },
    isDefault: { column: 'is_default', type: 'boolean', filter: true, sort: true },
    assignable: { column: 'assignable', type: 'boolean', filter: true, sort: true },
  },
  defaultSort: [{ field: 'id', order: 'asc' }],
  tiebreaker: 'id',
};

const nameTaken = () => conflict('A role with this name already exists', 'ROLE_NAME_TAKEN');
const roleInUse = () => conflict('This role is still assigned to members', 'ROLE_IN_USE');

/**
 * Whose roles: a company's, or a project's (`/roles/project/{id}/…`, server/modules/projects). The
 * audit trail of a change is the company's that owns the scope.
 */
export interface RoleScope {
  type: 'company' | 'project';
  id: number;
  auditCompanyId: number;
}

/** Resolves the scope, checking the caller's right to it; run again inside each change's transaction. */
export type ScopeResolver = (db: Executor) => Promise<RoleScope>;

export const companyScope = (companyId: number): ScopeResolver => async () => ({ type: 'company', id: companyId, auditCompanyId: companyId });

function rolesIn(db: Executor, scope: RoleScope) {
  return db.selectFrom('roles').select(ROLE_COLUMNS).where('scope_type', '=', scope.type).where('scope_id', '=', scope.id);
}

async function findRole(db: Executor, scope: RoleScope, id: number): Promise<RoleRow> {
  const row = await rolesIn(db, scope).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Role');
  return row;
}

/** Names differing only in case would be indistinguishable in a role picker. */
async function assertNameFree(db: Executor, scope: RoleScope, name: string, exceptId?: number) {
  let query = rolesIn(db, scope).where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken();
}

/** Stored in one shape, without repeats, so audit diffs compare like with like. */
function normalise(permissions: CreateRoleInput['permissions']): RolePermission[] {
  const seen = new Map<string, RolePermission>();
  for (const p of permissions) {
    const entry = { resourceType: p.resourceType, action: p.action, resourceId: p.resourceId ?? null };
    seen.set(JSON.stringify(entry), entry);
  }
  return [...seen.values()];
}

const snapshot = (name: string, permissions: RolePermission[]) => ({ name, permissions });

/** One transaction per change; a concurrent duplicate or assignment still ends as a 409. */
async function inTransaction<T>(services: Services, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await services.db.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    if (isForeignKeyViolation(err)) throw roleInUse();
    throw err;
  }
}

export async function listRoles(services: Services, resolve: ScopeResolver, query: RawListQuery, assignableOnly: boolean) {
  const list = parseListQuery(ROLE_LIST, query);
  let base = rolesIn(services.db, await resolve(services.db));
  if (assignableOnly) base = base.where('assignable', '=', 1);
  const page = await runList(base, list);
  return { rows: page.rows.map(roleView), total: page.total };
}

export async function createRole(services: Services, actor: Actor, resolve: ScopeResolver, body: CreateRoleInput) {
  return inTransaction(services, async (trx) => {
    const scope = await resolve(trx);
    await assertNameFree(trx, scope, body.name);
    const now = nowIso();
    const permissions = normalise(body.permissions);
    const row = await trx
      .insertInto('roles')
      .values({
        scope_type: scope.type,
        scope_id: scope.id,
        name: body.name,
        is_default: 0,
        assignable: 1,
        permissions: JSON.stringify(permissions),
        created_at: now,
        updated_at: now,
      })
      .returning(ROLE_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: actor.user.id, companyId: scope.auditCompanyId }, { entityType: 'role', entityId: row.id, action: 'created', after: snapshot(row.name, permissions) });
    return roleView(row);
  });
}

export async function updateRole(services: Services, actor: Actor, resolve: ScopeResolver, id: number, body: UpdateRoleInput) {
  return inTransaction(services, async (trx) => {
    const scope = await resolve(trx);
    const role = await findRole(trx, scope, id);
    // Owner must keep every permission, or a company could lock itself out of its own settings.
    if (isOwnerRole(role)) throw conflict('The Owner role cannot be changed', 'ROLE_LOCKED');
    const name = body.name ?? role.name;
    if (name !== role.name) {
      if (role.is_default) throw conflict('Default roles cannot be renamed', 'ROLE_LOCKED');
      await assertNameFree(trx, scope, name, id);
    }
    const before = snapshot(role.name, rolePermissions(role));
    const after = snapshot(name, body.permissions ? normalise(body.permissions) : before.permissions);
    if (!Object.keys(diff(before, after)).length) return roleView(role);
    const row = await trx
      .updateTable('roles')
      .set({ name, permissions: JSON.stringify(after.permissions), updated_at: nowIso() })
      .where('id', '=', id)
      .returning(ROLE_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: actor.user.id, companyId: scope.auditCompanyId }, { entityType: 'role', entityId: id, action: 'updated', before, after });
    return roleView(row);
  });
}

export async function deleteRole(services: Services, actor: Actor, resolve: ScopeResolver, id: number): Promise<void> {
  await inTransaction(services, async (trx) => {
    const scope = await resolve(trx);
    const role = await findRole(trx, scope, id);
    if (role.is_default) throw conflict('Default roles cannot be deleted', 'ROLE_LOCKED');
    const held = await trx.selectFrom('memberships').select('id').where('role_id', '=', id).limit(1).executeTakeFirst();
    if (held) throw roleInUse();
    await dropGrantsOf(trx, 'role', [id]);
    await trx.deleteFrom('roles').where('id', '=', id).execute();
    await recordAudit(trx, { userId: actor.user.id, companyId: scope.auditCompanyId }, { entityType: 'role', entityId: id, action: 'deleted', before: snapshot(role.name, rolePermissions(role)) });
  });
}
