import { navigationFor, routeAccess, type AccessProfile } from '../../../permissions/index.js';
import { GUEST, NO_MEMBERSHIP, OWNER, memberEntries, memberProfile, pathOf, perms, spec } from './profiles.js';

const manageItems = (p: AccessProfile) => navigationFor(p).groups.find((g) => g.id === 'manage')?.items ?? [];
const seesRoles = (p: AccessProfile) => manageItems(p).some((i) => i.url === 'roles');

describe('navigationFor(): the Roles screen', () => {
  it.each(memberEntries)('%s: sees Roles exactly when the role holds roles:manage', (_, p) => {
    expect(seesRoles(p)).toBe(spec.holds(p, 'roles:manage'));
  });

  it('is an entry of the Manage group, titled Roles, for the Owner', () => {
    expect(manageItems(OWNER).find((i) => i.id === 'roles')).toEqual({ id: 'roles', title: 'Roles', url: 'roles' });
  });

  it('shows for a custom role granted roles:manage, or everything, and not for roles:view alone', () => {
    expect(seesRoles(memberProfile('Office', perms('roles:manage')))).toBe(true);
    expect(seesRoles(memberProfile('Office', perms('roles:_any')))).toBe(true);
    expect(seesRoles(memberProfile('Office', perms('_any:manage')))).toBe(true);
    expect(seesRoles(memberProfile('Office', perms('roles:view')))).toBe(false);
    expect(seesRoles(memberProfile('Office', perms('crews:manage memberships:manage')))).toBe(false);
  });

  it('is hidden from guests and from users without a company', () => {
    expect(seesRoles(GUEST)).toBe(false);
    expect(seesRoles(NO_MEMBERSHIP)).toBe(false);
  });

  it('leaves out the entry when the build has no roles screen', () => {
    const nav = navigationFor(OWNER, (id) => id !== 'roles');
    expect(nav.groups.flatMap((g) => g.items).some((i) => i.id === 'roles')).toBe(false);
  });
});

describe('routeAccess(): /roles follows its navigation rule', () => {
  it.each(memberEntries)('%s: may open roles exactly when the role holds roles:manage', (_, p) => {
    const access = routeAccess('roles', p);
    expect(access.allowed).toBe(spec.holds(p, 'roles:manage'));
    if (!access.allowed) expect(pathOf(access.redirect)).not.toBe('roles');
  });

  it('sends a guest to login', () => {
    const access = routeAccess('roles', GUEST);
    expect(access.allowed).toBe(false);
    if (!access.allowed) expect(pathOf(access.redirect)).toBe('login');
  });
});
