import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import { ANY, type RolePermission } from './catalog.js';
import { isCrewLeader, isPlainMember, roleIs, type AccessProfile } from './profile.js';

/**
 * Actions: 'view' and 'manage' from role permissions (CASL's 'manage' already means every action,
 * which is what our `manage` and `_any` both mean), and 'open' for screens derived from the rules below.
 * Subjects: resource types ('crews', ...), 'self:companies', and screen ids ('dashboard', 'locates', ...).
 */
export type AppAbility = MongoAbility<[string, string]>;

const hasRole = (perms: RolePermission[], resourceType: string, action: 'view' | 'manage') =>
  perms.some(
    (x) =>
      (x.resourceType === ANY || x.resourceType === resourceType) &&
      (x.action === ANY || x.action === 'manage' || x.action === action) &&
      (!x.resourceId || x.resourceId === ANY),
  );

/** `resource:action` (checked against the company role) or `self:resource:action` (checked against the user's own list). */
export function holds(profile: AccessProfile, permission: string): boolean {
  if (!profile.signedIn) return false;
  if (permission.startsWith('self:')) return profile.selfPermissions.includes(permission);
  const [resourceType, action] = permission.split(':') as [string, 'view' | 'manage'];
  return profile.hasMembership && hasRole(profile.rolePermissions, resourceType, action);
}

export const canManageLocates = (p: AccessProfile) =>
  ['self:companies:view', 'partnerships:manage', 'roles:manage', 'memberships:manage', 'items:manage'].some((x) =>
    holds(p, x),
  );
export const canViewLocates = (p: AccessProfile) => canManageLocates(p) || holds(p, 'crews:manage');
export const canOpenDashboard = (p: AccessProfile) =>
  p.signedIn && p.hasMembership && !isPlainMember(p) && holds(p, 'projects:manage');
export const canOpenReports = (p: AccessProfile) =>
  p.signedIn && !isPlainMember(p) && !roleIs(p, 'Claims', 'HumanResources') && holds(p, 'reports:view');
export const canUseProjectBoard = (p: AccessProfile) => isCrewLeader(p);

export function defineAbilityFor(profile: AccessProfile): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (!profile.signedIn) return build();

  for (const perm of profile.selfPermissions) {
    const [, resource, action] = perm.split(':');
    can(action, `self:${resource}`);
  }
  if (profile.hasMembership) {
    for (const x of profile.rolePermissions) {
      if (x.resourceId && x.resourceId !== ANY) continue;
      const action = x.action === ANY ? 'manage' : x.action;
      can(action, x.resourceType === ANY ? 'all' : x.resourceType);
    }
  }
  if (canOpenDashboard(profile)) can('open', 'dashboard');
  if (canOpenReports(profile)) can('open', 'reports');
  if (canManageLocates(profile)) can('manage', 'locates');
  if (canViewLocates(profile)) can('view', 'locates');
  if (canUseProjectBoard(profile)) can('open', 'project-board');
  return build();
}
