import type { Selectable } from 'kysely';
import type { RolePermission } from '../../../permissions/index.js';
import type { RoleView } from '../../../resources/role.js';
import type { RolesTable } from '../../db/schema.js';
import { parseJson } from '../../lib/json.js';

export const ROLE_COLUMNS = ['id', 'scope_type', 'scope_id', 'name', 'is_default', 'assignable', 'permissions'] as const;

export type RoleRow = Pick<Selectable<RolesTable>, 'id' | 'scope_type' | 'scope_id' | 'name' | 'is_default' | 'assignable' | 'permissions'>;

export const OWNER_ROLE = 'Owner';

export const isOwnerRole = (row: RoleRow) => !!row.is_default && row.name === OWNER_ROLE;

export function rolePermissions(row: RoleRow): RolePermission[] {
  return parseJson<RolePermission[]>(row.permissions, []).map((p) => ({
    resourceType: p.resourceType,
    action: p.action,
    resourceId: p.resourceId ?? null,
  }));
}

/** The role object every roles call answers with. */
export function roleView(row: RoleRow): RoleView {
  return {
    id: row.id,
    name: row.name,
    companyId: row.scope_type === 'company' ? row.scope_id : null,
    scopeType: row.scope_type,
    scopeId: row.scope_id,
    isDefault: !!row.is_default,
    assignable: !!row.assignable,
    permissions: rolePermissions(row),
  };
}
