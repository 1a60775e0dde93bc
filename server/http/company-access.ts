import { holds, type AccessProfile } from '../../permissions/index.js';
import { profileOf, type ActiveMembership, type Actor } from './actor.js';
import { forbidden, notFound } from './errors.js';

/** The actor's standing in one particular company, which need not be their active one. */
export interface CompanyMembership extends ActiveMembership {
  profile: AccessProfile;
}

/**
 * The actor's accepted membership in the company named by the request, from the memberships the
 * session already holds. Anything else (no such company, deleted, or the actor is not a member) is
 * the same 404, so other tenants stay invisible.
 */
export function membershipIn(actor: Actor, companyId: number): CompanyMembership {
  const membership = actor.memberships.find((m) => m.companyId === companyId);
  if (!membership) throw notFound('Company');
  // A token's profile is already its own (its permissions cut to the creator's, no self: ones).
  return { ...membership, profile: actor.apiToken ? actor.profile : profileOf(membership, actor.user) };
}

/** membershipIn, then 403 unless the role held in that company grants the permission. */
export function requirePermissionIn(actor: Actor, companyId: number, permission: string): CompanyMembership {
  const membership = membershipIn(actor, companyId);
  if (!holds(membership.profile, permission)) throw forbidden();
  return membership;
}
