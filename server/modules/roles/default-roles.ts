import { DEFAULT_ROLE_PERMISSIONS, ROLE_NAMES, UNASSIGNABLE_ROLES } from '../../../permissions/index.js';
import type { Executor } from '../../db/index.js';

/** Every new company starts with the eight default roles; answers the id of its Owner role. */
export async function createDefaultRoles(db: Executor, companyId: number, now: string): Promise<number> {
  const rows = await db
    .insertInto('roles')
    .values(
      ROLE_NAMES.map((name) => ({
        scope_type: 'company',
        scope_id: companyId,
        name,
        is_default: 1,
        assignable: UNASSIGNABLE_ROLES.includes(name) ? 0 : 1,
        permissions: JSON.stringify(DEFAULT_ROLE_PERMISSIONS[name]),
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const owner = rows.find((r) => r.name === 'Owner');
  if (!owner) throw new Error('the Owner role was not created');
  return owner.id;
}
