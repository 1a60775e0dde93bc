import { DEFAULT_ROLE_PERMISSIONS, holds, type AccessProfile, type RoleName } from '../../../permissions/index.js';
import {
  CREW_MEMBER,
  GUEST,
  NO_MEMBERSHIP,
  OWNER,
  PLAIN_MEMBER,
  ROLE_PERMISSION_STRINGS,
  SELF_PERMISSION_STRINGS,
  allEntries,
  defaultRole,
  defaultRoleNames,
  listGrants,
  memberProfile,
  perms,
  spec,
} from './profiles.js';

const EVERY_STRING = [...ROLE_PERMISSION_STRINGS, ...SELF_PERMISSION_STRINGS];
/** Every resource:action pair, including ones not named in the spec's list. */
const TYPES = ['companies', 'roles', 'memberships', 'partnerships', 'crews', 'items', 'projects', 'reports', 'logs'];
const PAIRS = TYPES.flatMap((t) => [`${t}:view`, `${t}:manage`]);

describe('holds(): role by role against the default role permissions', () => {
  describe.each(defaultRoleNames)('%s', (name) => {
    const p = defaultRole(name as RoleName);
    it.each(ROLE_PERMISSION_STRINGS)(`%s follows the role's permission list`, (perm) => {
      expect(holds(p, perm)).toBe(listGrants(DEFAULT_ROLE_PERMISSIONS[name as RoleName], perm));
    });
    it.each(SELF_PERMISSION_STRINGS)('%s follows the user list, not the role', (perm) => {
      expect(holds(p, perm)).toBe(p.selfPermissions.includes(perm));
    });
  });

  it.each(allEntries)('%s: every spec permission string agrees with the spec rule', (_, p) => {
    for (const perm of EVERY_STRING) expect({ perm, held: holds(p, perm) }).toEqual({ perm, held: spec.holds(p, perm) });
  });

  it('Owner holds every permission string of the spec', () => {
    for (const perm of EVERY_STRING) expect({ perm, held: holds(OWNER, perm) }).toEqual({ perm, held: true });
  });

  it('a plain member and a member in a crew hold the same company permissions (crew membership changes no string)', () => {
    for (const perm of ROLE_PERMISSION_STRINGS) expect(holds(CREW_MEMBER, perm)).toBe(holds(PLAIN_MEMBER, perm));
  });
});

describe('holds(): guests and users without membership', () => {
  it('a guest holds nothing', () => {
    for (const perm of EVERY_STRING) expect({ perm, held: holds(GUEST, perm) }).toEqual({ perm, held: false });
  });

  it('a guest holds nothing even if a permission list were attached', () => {
    const g: AccessProfile = { ...GUEST, rolePermissions: perms('_any:_any'), selfPermissions: ['self:companies:create'] };
    expect(holds(g, 'projects:view')).toBe(false);
    expect(holds(g, 'self:companies:create')).toBe(false);
  });

  it('a signed-in user with no membership holds their own self: strings', () => {
    expect(holds(NO_MEMBERSHIP, 'self:companies:create')).toBe(true);
    expect(holds(NO_MEMBERSHIP, 'self:companies:view')).toBe(false);
  });

  it('a signed-in user with no membership holds no company permission, whatever list is attached', () => {
    const p: AccessProfile = { ...NO_MEMBERSHIP, rolePermissions: perms('_any:_any') };
    for (const perm of ROLE_PERMISSION_STRINGS) expect({ perm, held: holds(p, perm) }).toEqual({ perm, held: false });
  });
});

describe('holds(): self: strings are checked against the user own list only', () => {
  it('an `_any` company role does not grant self: strings', () => {
    const p = memberProfile('Owner', perms('_any:_any'), { self: [] });
    expect(holds(p, 'self:companies:view')).toBe(false);
    expect(holds(p, 'self:companies:create')).toBe(false);
  });

  it('a company permission on companies does not grant the self: string', () => {
    const p = memberProfile('Custom', perms('companies:manage'), { self: [] });
    expect(holds(p, 'companies:view')).toBe(true);
    expect(holds(p, 'self:companies:view')).toBe(false);
  });

  it('a self: string on the user list is held without any role permission', () => {
    const p = memberProfile('Custom', [], { self: ['self:companies:view'] });
    expect(holds(p, 'self:companies:view')).toBe(true);
    expect(holds(p, 'self:companies:create')).toBe(false);
  });

  it('a self: string does not grant the company permission of the same name', () => {
    const p = memberProfile('Custom', [], { self: ['self:companies:view', 'self:companies:create'] });
    expect(holds(p, 'companies:view')).toBe(false);
  });

  it('self:companies:manage does not stand in for self:companies:view (exact strings)', () => {
    const p = memberProfile('Custom', [], { self: ['self:companies:manage'] });
    expect(holds(p, 'self:companies:view')).toBe(false);
  });
});

describe('holds(): `_any`, manage implies view, and resource ids', () => {
  it('an `_any:_any` role grants every resource and action', () => {
    const p = memberProfile('Custom', perms('_any:_any'));
    for (const perm of [...ROLE_PERMISSION_STRINGS, ...PAIRS]) expect({ perm, held: holds(p, perm) }).toEqual({ perm, held: true });
  });

  it('`_any` resource with view grants every view and no manage', () => {
    const p = memberProfile('Custom', perms('_any:view'));
    for (const t of TYPES) {
      expect(holds(p, `${t}:view`)).toBe(true);
      expect(holds(p, `${t}:manage`)).toBe(false);
    }
  });

  it('`_any` action on one resource grants view and manage of that resource only', () => {
    const p = memberProfile('Custom', perms('crews:_any'));
    expect(holds(p, 'crews:manage')).toBe(true);
    expect(holds(p, 'crews:view')).toBe(true);
    expect(holds(p, 'items:view')).toBe(false);
  });

  it('manage implies view', () => {
    for (const t of TYPES) {
      const p = memberProfile('Custom', perms(`${t}:manage`));
      expect(holds(p, `${t}:view`)).toBe(true);
      expect(holds(p, `${t}:manage`)).toBe(true);
    }
  });

  it('view does not imply manage', () => {
    for (const t of TYPES) {
      const p = memberProfile('Custom', perms(`${t}:view`));
      expect(holds(p, `${t}:view`)).toBe(true);
      expect(holds(p, `${t}:manage`)).toBe(false);
    }
  });

  it('a permission on one type grants nothing on another', () => {
    const p = memberProfile('Custom', perms('crews:manage'));
    for (const perm of PAIRS.filter((x) => !x.startsWith('crews:'))) expect({ perm, held: holds(p, perm) }).toEqual({ perm, held: false });
  });

  it('a permission with a specific resourceId does not grant the whole type', () => {
    const p = memberProfile('Custom', [
      { resourceType: 'crews', action: 'manage', resourceId: '42' },
      { resourceType: '_any', action: '_any', resourceId: '7' },
    ]);
    for (const perm of [...ROLE_PERMISSION_STRINGS, ...PAIRS]) expect({ perm, held: holds(p, perm) }).toEqual({ perm, held: false });
  });

  it('resourceId `_any` or null grants the whole type', () => {
    expect(holds(memberProfile('Custom', [{ resourceType: 'crews', action: 'manage', resourceId: '_any' }]), 'crews:manage')).toBe(true);
    expect(holds(memberProfile('Custom', [{ resourceType: 'crews', action: 'manage', resourceId: null }]), 'crews:view')).toBe(true);
  });
});
