import { isRoleName, type RoleName, type RolePermission } from './catalog.js';

/** Everything the access rules need to know about the person asking, in the active company. */
export interface AccessProfile {
  signedIn: boolean;
  hasMembership: boolean;
  /** The name of the role held in the active company (a default role name, or a custom role's name). */
  roleName: string | null;
  /** Whether the member belongs to at least one crew of the active company, as member or leader. */
  inCrew: boolean;
  rolePermissions: RolePermission[];
  selfPermissions: string[];
}

export const GUEST: AccessProfile = {
  signedIn: false,
  hasMembership: false,
  roleName: null,
  inCrew: false,
  rolePermissions: [],
  selfPermissions: [],
};

export function roleIs(profile: AccessProfile, ...names: RoleName[]): boolean {
  return isRoleName(profile.roleName) && names.includes(profile.roleName);
}

/** A plain member holds the Member role and is in no crew. */
export function isPlainMember(profile: AccessProfile): boolean {
  return profile.signedIn && roleIs(profile, 'Member') && !profile.inCrew;
}

export function isCrewLeader(profile: AccessProfile): boolean {
  return roleIs(profile, 'CrewLeader');
}
