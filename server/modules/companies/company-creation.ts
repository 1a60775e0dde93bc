import { holds } from '../../../permissions/index.js';
import type { CreateCompanyInput } from '../../../resources/company.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { requirePermissionIn } from '../../http/company-access.js';
import { forbidden } from '../../http/errors.js';
import { nowIso, parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import type { UserSettings } from '../../../resources/user-view.js';
import { loadCompany } from './company-service.js';
import { insertCompany } from './company-insert.js';
import { companyView } from './company-view.js';

/** Owning a company is what lets a person see the companies screens. */
const OWNER_SELF_PERMISSION = 'self:companies:view';

/**
 * A top-level company needs self:companies:create on the user's own list; a sub-company needs
 * companies:manage in its parent (404 when the user is not a member of the parent).
 */
function checkMayCreate(actor: Actor, parentId: number | null) {
  if (parentId === null) {
    if (!holds(actor.profile, 'self:companies:create')) throw forbidden();
    return;
  }
  requirePermissionIn(actor, parentId, 'companies:manage');
}

/** The creator's membership as Owner, and the user's own list and default company to go with it. */
async function makeOwner(trx: Trx, userId: number, companyId: number, ownerRoleId: number, now: string) {
  const user = await trx
    .selectFrom('users')
    .select(['name', 'email', 'phone', 'country', 'state', 'settings', 'permissions'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('memberships')
    .values({
      user_id: userId,
      company_id: companyId,
      type: 'company',
      role_id: ownerRoleId,
      status: 'accepted',
      name: user.name,
      email: user.email,
      phone: user.phone,
      country: user.country,
      state: user.state,
      notification_settings: '{}',
      created_at: now,
      updated_at: now,
    })
    .execute();

  const permissions = parseJson<string[]>(user.permissions, []);
  const settings = parseJson<UserSettings>(user.settings, {});
  const addPermission = !permissions.includes(OWNER_SELF_PERMISSION);
  const setDefault = settings.defaultCompanyId == null;
  if (!addPermission && !setDefault) return;
  await trx
    .updateTable('users')
    .set({
      permissions: JSON.stringify(addPermission ? [...permissions, OWNER_SELF_PERMISSION] : permissions),
      settings: JSON.stringify(setDefault ? { ...settings, defaultCompanyId: companyId } : settings),
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/** Company, default roles, Owner membership and audit entry: all or nothing. */
export async function createCompany(services: Services, actor: Actor, body: CreateCompanyInput) {
  const { parentId = null, ...fields } = body;
  checkMayCreate(actor, parentId);
  return services.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { id, ownerRoleId } = await insertCompany(trx, actor.user.id, fields, parentId, now);
    await makeOwner(trx, actor.user.id, id, ownerRoleId, now);
    return companyView(await loadCompany(trx, id), 'Owner');
  });
}
