import { sql } from 'kysely';
import type { RolePermission } from '../../../permissions/index.js';
import type { CreateRoleInput, UpdateRoleInput } from '../../../resources/role.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
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

function rolesIn(db: Executor, companyId: number) {
  return db.selectFrom('roles').select(ROLE_COLUMNS).where('scope_type', '=', 'company').where('scope_id', '=', companyId);
}

async function findRole(db: Executor, companyId: number, id: number): Promise<RoleRow> {
  const row = await rolesIn(db, companyId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Role');
  return row;
}

/** Names differing only in case would be indistinguishable in a role picker. */
async function assertNameFree(db: Executor, companyId: number, name: string, exceptId?: number) {
  let query = rolesIn(db, companyId).where(sql<boolean>`lower(name) = lower(${name})`);
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

export async function listRoles(services: Services, company: CompanyMembership, query: RawListQuery, assignableOnly: boolean) {
  const list = parseListQuery(ROLE_LIST, query);
  let base = rolesIn(services.db, company.companyId);
  if (assignableOnly) base = base.where('assignable', '=', 1);
  const page = await runList(base, list);
  return { rows: page.rows.map(roleView), total: page.total };
}

export async function createRole(services: Services, actor: Actor, company: CompanyMembership, body: CreateRoleInput) {
  const { companyId } = company;
  return inTransaction(services, async (trx) => {
    await assertNameFree(trx, companyId, body.name);
    const now = nowIso();
    const permissions = normalise(body.permissions);
    const row = await trx
      .insertInto('roles')
      .values({
        scope_type: 'company',
        scope_id: companyId,
        name: body.name,
        is_default: 0,
        assignable: 1,
        permissions: JSON.stringify(permissions),
        created_at: now,
        updated_at: now,
      })
      .returning(ROLE_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: actor.user.id, companyId }, { entityType: 'role', entityId: row.id, action: 'created', after: snapshot(row.name, permissions) });
    return roleView(row);
  });
}

export async function updateRole(services: Services, actor: Actor, company: CompanyMembership, id: number, body: UpdateRoleInput) {
  const { companyId } = company;
  return inTransaction(services, async (trx) => {
    const role = await findRole(trx, companyId, id);
    // Owner must keep every permission, or a company could lock itself out of its own settings.
    if (isOwnerRole(role)) throw conflict('The Owner role cannot be changed', 'ROLE_LOCKED');
    const name = body.name ?? role.name;
    if (name !== role.name) {
      if (role.is_default) throw conflict('Default roles cannot be renamed', 'ROLE_LOCKED');
      await assertNameFree(trx, companyId, name, id);
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
    await recordAudit(trx, { userId: actor.user.id, companyId }, { entityType: 'role', entityId: id, action: 'updated', before, after });
    return roleView(row);
  });
}

export async function deleteRole(services: Services, actor: Actor, company: CompanyMembership, id: number): Promise<void> {
  const { companyId } = company;
  await inTransaction(services, async (trx) => {
    const role = await findRole(trx, companyId, id);
    if (role.is_default) throw conflict('Default roles cannot be deleted', 'ROLE_LOCKED');
    const held = await trx.selectFrom('memberships').select('id').where('role_id', '=', id).limit(1).executeTakeFirst();
    if (held) throw roleInUse();
    await dropGrantsOf(trx, 'role', [id]);
    await trx.deleteFrom('roles').where('id', '=', id).execute();
    await recordAudit(trx, { userId: actor.user.id, companyId }, { entityType: 'role', entityId: id, action: 'deleted', before: snapshot(role.name, rolePermissions(role)) });
  });
}
