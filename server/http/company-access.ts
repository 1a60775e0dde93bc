import { holds, type AccessProfile, type RolePermission } from '../../permissions/index.js';
import type { Executor } from '../db/index.js';
import { parseJson } from '../lib/json.js';
import type { ActiveMembership, Actor } from './actor.js';
import { forbidden, notFound } from './errors.js';

/** The actor's standing in one particular company, which need not be their active one. */
export interface CompanyMembership extends ActiveMembership {
  profile: AccessProfile;
}

/**
 * The actor's accepted membership in the company named by the request. Anything else (no such
 * company, deleted, or the actor is not a member) is the same 404, so other tenants stay invisible.
 */
export async function membershipIn(services: { db: Executor }, actor: Actor, companyId: number): Promise<CompanyMembership> {
  const row = await services.db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select((eb) => [
      'm.id',
      'm.role_id',
      'r.name as role_name',
      'r.permissions',
      eb.exists(eb.selectFrom('crew_members as cm').select('cm.crew_id').whereRef('cm.membership_id', '=', 'm.id')).as('in_crew'),
    ])
    .where('m.user_id', '=', actor.user.id)
    .where('m.company_id', '=', companyId)
    .where('m.type', '=', 'company')
    .where('m.status', '=', 'accepted')
    .where('c.deleted_at', 'is', null)
    .orderBy('m.id')
    .executeTakeFirst();
  if (!row) throw notFound('Company');

  const permissions = parseJson<RolePermission[]>(row.permissions, []);
  return {
    id: row.id,
    companyId,
    roleId: row.role_id,
    roleName: row.role_name,
    permissions,
    profile: {
      signedIn: true,
      hasMembership: true,
      roleName: row.role_name,
      inCrew: !!row.in_crew,
      rolePermissions: permissions,
      selfPermissions: actor.profile.selfPermissions,
    },
  };
}

/** membershipIn, then 403 unless the role held in that company grants the permission. */
export async function requirePermissionIn(
  services: { db: Executor },
  actor: Actor,
  companyId: number,
  permission: string,
): Promise<CompanyMembership> {
  const membership = await membershipIn(services, actor, companyId);
  if (!holds(membership.profile, permission)) throw forbidden();
  return membership;
}
