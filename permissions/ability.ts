import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import { ANY, RESOURCE_TYPES, type RolePermission } from './catalog.js';
import { isCrewLeader, isPlainMember, roleIs, type AccessProfile } from './profile.js';

/**
 * Actions: 'view' and 'manage' from role permissions (manage implies view), and 'open' for screens
 * derived from the rules below. Subjects: resource types ('crews', ...), 'self:companies', and
 * screen ids ('dashboard', 'reports', 'locates', 'project-board'). No rule is a catch-all, so a
 * broad role cannot open a screen its derived rule closes.
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
/**
 * Every member but a plain one opens a dashboard (spec 01 §2); each widget answers only the figures
 * the viewer's role may see, so spec 02's projects:manage gates what a dashboard may be made into
 * (shared, public), not who may look at one (docs/decisions.md, issue 18).
 */
export const canOpenDashboard = (p: AccessProfile) => p.signedIn && p.hasMembership && !isPlainMember(p);
/** Daily logs and check-ins: logs:view, or crews:manage (human resources watch their people's days). */
export const canViewCheckins = (p: AccessProfile) => holds(p, 'logs:view') || holds(p, 'crews:manage');
export const canOpenReports = (p: AccessProfile) =>
  p.signedIn && !isPlainMember(p) && !roleIs(p, 'Claims', 'HumanResources') && holds(p, 'reports:view');
export const canUseProjectBoard = (p: AccessProfile) => isCrewLeader(p);
/** Approving or rejecting a production: productions:manage, and not a crew leader (who records but does not review). */
export const canReviewProductions = (p: AccessProfile) => holds(p, 'productions:manage') && !isCrewLeader(p);
/** Reviewing or reopening a daily log: logs:manage, or crews:manage (those who direct the crews whose days are logged). */
export const canReviewLogs = (p: AccessProfile) => holds(p, 'logs:manage') || holds(p, 'crews:manage');

/**
 * Derived rules a route may require by name in place of a permission string (server/http/route.ts
 * access `{ permission }`) and a resource may name as its view or manage right (useResource), with
 * the words the access snapshot shows.
 */
/** Whoever sees a company's damages may report one from the field; changing them stays damages:manage. */
export const canReportDamages = (p: AccessProfile) => holds(p, 'damages:view');

export const DERIVED_RULES: Record<string, { allows: (p: AccessProfile) => boolean; means: string }> = {
  'locate-view': { allows: canViewLocates, means: 'locate-manage or crews:manage' },
  'dashboard-open': { allows: canOpenDashboard, means: 'a member who is not a plain member' },
  'reports-open': { allows: canOpenReports, means: 'reports:view, and not a plain member, claims or human resources' },
  'checkin-view': { allows: canViewCheckins, means: 'logs:view or crews:manage' },
  'damage-report': { allows: canReportDamages, means: 'damages:view: whoever sees damages may report one' },
  'locate-manage': { allows: canManageLocates, means: 'self:companies:view, partnerships:manage, roles:manage, memberships:manage or items:manage' },
};

/** A permission string, or a derived rule's name (DERIVED_RULES). */
export const allows = (p: AccessProfile, need: string) => (DERIVED_RULES[need] ? DERIVED_RULES[need].allows(p) : holds(p, need));

// CASL treats 'manage' and 'all' as wildcards unless told otherwise; ours are ordinary words.
const OPTIONS = { anyAction: '_any', anySubjectType: '_any' };

export function defineAbilityFor(profile: AccessProfile): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (!profile.signedIn) return build(OPTIONS);

  for (const perm of profile.selfPermissions) {
    const [, resource, action] = perm.split(':');
    can(action, `self:${resource}`);
  }
  if (profile.hasMembership) {
    // `_any` expands to the resource types by name, never to CASL's 'all': screen subjects below
    // ('dashboard', 'reports', ...) follow their own rules, which a broad role must not override.
    for (const x of profile.rolePermissions) {
      if (x.resourceId && x.resourceId !== ANY) continue;
      const actions = x.action === 'view' ? ['view'] : ['view', 'manage'];
      can(actions, x.resourceType === ANY ? [...RESOURCE_TYPES] : x.resourceType);
    }
  }
  if (canOpenDashboard(profile)) can('open', 'dashboard');
  if (canOpenReports(profile)) can('open', 'reports');
  if (canManageLocates(profile)) can(['view', 'manage'], 'locates');
  if (canViewLocates(profile)) can('view', 'locates');
  if (canUseProjectBoard(profile)) can('open', 'project-board');
  if (canReportDamages(profile)) can('report', 'damages');
  return build(OPTIONS);
}
