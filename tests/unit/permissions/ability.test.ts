import { RESOURCE_TYPES, defineAbilityFor, type AccessProfile } from '../../../permissions/index.js';
import {
  CLAIMS,
  CREW_LEADER,
  GUEST,
  HR,
  NO_MEMBERSHIP,
  OWNER,
  PLAIN_MEMBER,
  allEntries,
  memberProfile,
  perms,
  spec,
} from './profiles.js';

/** Roles edited by a company (roles:manage) can hold anything; the screen rules must still hold for them. */
const EDITED: Record<string, AccessProfile> = {
  'Claims holding _any:_any': { ...CLAIMS, rolePermissions: perms('_any:_any') },
  'Claims holding reports:manage': { ...CLAIMS, rolePermissions: perms('reports:manage') },
  'HumanResources holding _any:_any': { ...HR, rolePermissions: perms('_any:_any') },
  'plain Member holding _any:_any': { ...PLAIN_MEMBER, rolePermissions: perms('_any:_any') },
  'plain Member holding projects:manage': { ...PLAIN_MEMBER, rolePermissions: perms('projects:manage') },
  'custom role holding crews:view only': memberProfile('Custom', perms('crews:view'), { self: [] }),
  'custom role holding _any:view': memberProfile('Custom', perms('_any:view'), { self: [] }),
  'no-membership user with a stale role list': { ...NO_MEMBERSHIP, rolePermissions: perms('_any:_any') },
};
const CASES = [...allEntries, ...Object.entries(EDITED)];

describe('defineAbilityFor(): agrees with the derived rules', () => {
  it.each(CASES)("%s: can('open','dashboard') follows the dashboard rule", (_, p) => {
    expect(defineAbilityFor(p).can('open', 'dashboard')).toBe(spec.dashboard(p));
  });

  it.each(CASES)("%s: can('open','reports') follows the reports rule", (_, p) => {
    expect(defineAbilityFor(p).can('open', 'reports')).toBe(spec.reports(p));
  });

  it.each(CASES)("%s: can('view','locates') follows locate view", (_, p) => {
    expect(defineAbilityFor(p).can('view', 'locates')).toBe(spec.locateView(p));
  });

  it.each(CASES)("%s: can('manage','locates') follows locate manage", (_, p) => {
    expect(defineAbilityFor(p).can('manage', 'locates')).toBe(spec.locateManage(p));
  });

  it.each(CASES)("%s: can('manage','crews') follows crews:manage", (_, p) => {
    expect(defineAbilityFor(p).can('manage', 'crews')).toBe(spec.holds(p, 'crews:manage'));
  });

  it.each(CASES)('%s: view/manage of every resource type follows holds()', (_, p) => {
    const ability = defineAbilityFor(p);
    for (const t of RESOURCE_TYPES)
      for (const a of ['view', 'manage'])
        expect({ perm: `${t}:${a}`, can: ability.can(a, t) }).toEqual({ perm: `${t}:${a}`, can: spec.holds(p, `${t}:${a}`) });
  });

  it.each(allEntries.filter(([, p]) => p.roleName !== 'Owner'))("%s: can('open','project-board') only for crew leaders", (_, p) => {
    expect(defineAbilityFor(p).can('open', 'project-board')).toBe(spec.crewLeader(p));
  });

  it('a crew leader can open the project board', () => expect(defineAbilityFor(CREW_LEADER).can('open', 'project-board')).toBe(true));
});

describe('defineAbilityFor(): self: permissions', () => {
  it.each(CASES)('%s: self:companies view/create follow the user own list', (_, p) => {
    const ability = defineAbilityFor(p);
    expect(ability.can('create', 'self:companies')).toBe(spec.holds(p, 'self:companies:create'));
    expect(ability.can('view', 'self:companies')).toBe(spec.holds(p, 'self:companies:view'));
  });

  it('a non-Owner role holding _any:_any does not gain self: permissions it was not given', () => {
    const ability = defineAbilityFor(memberProfile('Administrator', perms('_any:_any'), { self: [] }));
    expect(ability.can('create', 'self:companies')).toBe(false);
    expect(ability.can('view', 'self:companies')).toBe(false);
  });
});

describe('defineAbilityFor(): owner and guest', () => {
  it('the owner can everything', () => {
    const ability = defineAbilityFor(OWNER);
    for (const t of RESOURCE_TYPES) {
      expect(ability.can('view', t)).toBe(true);
      expect(ability.can('manage', t)).toBe(true);
    }
    expect(ability.can('open', 'dashboard')).toBe(true);
    expect(ability.can('open', 'reports')).toBe(true);
    expect(ability.can('view', 'locates')).toBe(true);
    expect(ability.can('manage', 'locates')).toBe(true);
    expect(ability.can('create', 'self:companies')).toBe(true);
  });

  it('a guest can nothing', () => {
    const ability = defineAbilityFor(GUEST);
    expect(ability.rules).toHaveLength(0);
    expect(ability.can('manage', 'all')).toBe(false);
    for (const t of RESOURCE_TYPES) expect(ability.can('view', t)).toBe(false);
    for (const s of ['dashboard', 'reports', 'project-board']) expect(ability.can('open', s)).toBe(false);
    expect(ability.can('view', 'locates')).toBe(false);
  });

  it('a guest with lists attached still can nothing', () => {
    const ability = defineAbilityFor({ ...GUEST, rolePermissions: perms('_any:_any'), selfPermissions: ['self:companies:create'] });
    expect(ability.rules).toHaveLength(0);
  });

  it('a signed-in user without membership can only their self: permissions', () => {
    const ability = defineAbilityFor(NO_MEMBERSHIP);
    expect(ability.can('create', 'self:companies')).toBe(true);
    for (const t of RESOURCE_TYPES) expect(ability.can('view', t)).toBe(false);
    expect(ability.can('open', 'dashboard')).toBe(false);
  });
});
