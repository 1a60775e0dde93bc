/**
 * Access profiles for the permission unit tests, and the spec's rules written out independently of
 * permissions/ so that the tests compare the implementation against the specification
 * (spec 01 §2 and §6, spec 02 §2 and §6), not against itself.
 */
import {
  DEFAULT_ROLE_PERMISSIONS,
  GUEST,
  ROLE_NAMES,
  type AccessProfile,
  type RoleName,
  type RolePermission,
} from '../../../permissions/index.js';

export { GUEST };

/** Every account may create companies; self:companies:view comes with owning one. */
export const NEW_USER_SELF = ['self:companies:create'];
export const OWNER_SELF = ['self:companies:create', 'self:companies:view'];

/** The permission strings of spec 01 §6 that are checked against the company's role. */
export const ROLE_PERMISSION_STRINGS = [
  'projects:view',
  'projects:manage',
  'tasks:view',
  'productions:view',
  'footprints:view',
  'files:view',
  'invoices:view',
  'damages:view',
  'partnerships:manage',
  'partnerships:view',
  'roles:manage',
  'memberships:manage',
  'crews:manage',
  'items:manage',
  'logs:view',
  'reports:view',
  'item-categories:manage',
  'item-categories:view',
  'task-types:manage',
  'task-types:view',
  'damage-types:manage',
  'damage-types:view',
  'footprint-types:manage',
  'safety-authorities:manage',
  'safety-authorities:view',
];
export const SELF_PERMISSION_STRINGS = ['self:companies:view', 'self:companies:create'];

/** Writes role permissions compactly: perms('crews:manage items:view'). */
export function perms(spec: string): RolePermission[] {
  return spec
    .split(/\s+/)
    .filter(Boolean)
    .map((s) => {
      const [resourceType, action] = s.split(':');
      return { resourceType, action } as RolePermission;
    });
}

export function memberProfile(
  roleName: string,
  rolePermissions: RolePermission[],
  opts: { inCrew?: boolean; self?: string[] } = {},
): AccessProfile {
  return {
    signedIn: true,
    hasMembership: true,
    roleName,
    inCrew: opts.inCrew ?? false,
    rolePermissions,
    selfPermissions: opts.self ?? NEW_USER_SELF,
  };
}

/** A member holding one of the default roles with that role's default permissions. */
export function defaultRole(name: RoleName, opts: { inCrew?: boolean; self?: string[] } = {}): AccessProfile {
  return memberProfile(name, DEFAULT_ROLE_PERMISSIONS[name], {
    inCrew: opts.inCrew ?? (name === 'Crew' || name === 'CrewLeader'),
    self: opts.self ?? (name === 'Owner' ? OWNER_SELF : NEW_USER_SELF),
  });
}

/** Signed in on the platform (Platform/Member) but holding no company membership. */
export const NO_MEMBERSHIP: AccessProfile = {
  signedIn: true,
  hasMembership: false,
  roleName: null,
  inCrew: false,
  rolePermissions: [],
  selfPermissions: NEW_USER_SELF,
};

export const OWNER = defaultRole('Owner');
export const PM = defaultRole('ProjectManager');
export const SUPERVISOR = defaultRole('Supervisor');
export const CREW_LEADER = defaultRole('CrewLeader');
export const CREW = defaultRole('Crew');
export const CLAIMS = defaultRole('Claims');
export const HR = defaultRole('HumanResources');
export const PLAIN_MEMBER = defaultRole('Member', { inCrew: false });
export const CREW_MEMBER = defaultRole('Member', { inCrew: true });
/** A company-defined role: not one of the default names, holding partner, item, crew and project rights. */
export const CUSTOM = memberProfile(
  'Estimator',
  perms('partnerships:manage items:manage crews:manage projects:manage reports:view productions:view'),
);

/** Every signed-in member profile, keyed by a readable name. */
export const MEMBER_PROFILES: Record<string, AccessProfile> = {
  Owner: OWNER,
  ProjectManager: PM,
  Supervisor: SUPERVISOR,
  CrewLeader: CREW_LEADER,
  Crew: CREW,
  Claims: CLAIMS,
  HumanResources: HR,
  'Member (plain)': PLAIN_MEMBER,
  'Member (in a crew)': CREW_MEMBER,
  'Custom role (Estimator)': CUSTOM,
};

export const ALL_PROFILES: Record<string, AccessProfile> = {
  ...MEMBER_PROFILES,
  Guest: GUEST,
  'Signed in, no membership': NO_MEMBERSHIP,
};

export const memberEntries = Object.entries(MEMBER_PROFILES);
export const allEntries = Object.entries(ALL_PROFILES);
export const defaultRoleNames = [...ROLE_NAMES];

// ---------------------------------------------------------------------------------------------
// The spec's rules, written from the text of spec 01 §2/§6 and spec 02 §2/§6.
// ---------------------------------------------------------------------------------------------

/**
 * Whether a company role's permission list grants `type:action`. `_any` stands for every type or
 * every action; manage implies view; a permission naming one resource id grants nothing type-wide.
 */
export function listGrants(list: RolePermission[], permission: string): boolean {
  const [type, action] = permission.split(':');
  return list.some((x) => {
    const typeWide = x.resourceId === undefined || x.resourceId === null || x.resourceId === '_any';
    const typeOk = x.resourceType === '_any' || x.resourceType === type;
    const actionOk = x.action === '_any' || x.action === action || (x.action === 'manage' && action === 'view');
    return typeWide && typeOk && actionOk;
  });
}

export const spec = {
  /** 'self:' strings against the user's own list; others against the active company's role. */
  holds(p: AccessProfile, permission: string): boolean {
    if (!p.signedIn) return false;
    if (permission.startsWith('self:')) return p.selfPermissions.includes(permission);
    return p.hasMembership && listGrants(p.rolePermissions, permission);
  },
  /** "A plain member is someone with the Member role who is not in a Crew." */
  plainMember(p: AccessProfile): boolean {
    return p.signedIn && p.roleName === 'Member' && !p.inCrew;
  },
  locateManage(p: AccessProfile): boolean {
    return ['self:companies:view', 'partnerships:manage', 'roles:manage', 'memberships:manage', 'items:manage'].some(
      (x) => spec.holds(p, x),
    );
  },
  locateView(p: AccessProfile): boolean {
    return spec.locateManage(p) || spec.holds(p, 'crews:manage');
  },
  /** Dashboard: signed-in members except plain members, never guests (spec 01 §2; projects:manage gates sharing and publishing, issue 18). */
  dashboard(p: AccessProfile): boolean {
    return p.signedIn && p.hasMembership && !spec.plainMember(p);
  },
  /** Reports: closed to plain members, Claims and HumanResources; reports:view needed. */
  reports(p: AccessProfile): boolean {
    return (
      p.signedIn &&
      p.hasMembership &&
      !spec.plainMember(p) &&
      p.roleName !== 'Claims' &&
      p.roleName !== 'HumanResources' &&
      spec.holds(p, 'reports:view')
    );
  },
  crewLeader(p: AccessProfile): boolean {
    return p.roleName === 'CrewLeader';
  },
};

/** The path part of a redirect ('login?returnTo=%2Fx' -> 'login'). */
export const pathOf = (redirect: string) => redirect.split('?')[0];
/** The decoded returnTo of a redirect, or null when there is none. */
export const returnToOf = (redirect: string) => new URLSearchParams(redirect.split('?')[1] ?? '').get('returnTo');
