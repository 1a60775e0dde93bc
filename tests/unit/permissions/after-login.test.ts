import { afterLogin, homeFor, routeAccess } from '../../../permissions/index.js';
import {
  CLAIMS,
  CREW,
  CREW_LEADER,
  HR,
  NO_MEMBERSHIP,
  OWNER,
  PLAIN_MEMBER,
  PM,
  SUPERVISOR,
  memberEntries,
  spec,
} from './profiles.js';

describe('afterLogin(): no membership', () => {
  it('goes to register/company whatever the returnTo', () => {
    for (const returnTo of [undefined, null, '', '/members', 'dashboard', 'editor', 'login'])
      expect(afterLogin(returnTo, NO_MEMBERSHIP)).toEqual({ kind: 'navigate', path: 'register/company' });
  });
});

describe('afterLogin(): an accessible returnTo is followed', () => {
  it('the owner returns to /members', () => {
    expect(afterLogin('/members', OWNER)).toEqual({ kind: 'navigate', path: 'members' });
  });

  it('the returnTo keeps its query', () => {
    const r = afterLogin('/projects/3?tab=budget', PM);
    expect(r).toEqual({ kind: 'navigate', path: 'projects/3?tab=budget' });
  });

  it.each(memberEntries)('%s: every returnTo the member may open is followed', (_, p) => {
    for (const path of ['productions', 'members', 'crews/2', 'reports/budget', 'locates', 'dashboard', 'calendar']) {
      if (!routeAccess(path, p).allowed) continue;
      expect({ path, r: afterLogin(`/${path}`, p) }).toEqual({ path, r: { kind: 'navigate', path } });
    }
  });

  it('a crew leader returning to a page they may open goes there on the desktop app', () => {
    expect(routeAccess('productions', CREW_LEADER).allowed).toBe(true);
    expect(afterLogin('/productions', CREW_LEADER)).toEqual({ kind: 'navigate', path: 'productions' });
  });
});

describe('afterLogin(): returnTo of the login page is ignored', () => {
  it.each(['login', '/login', '/login?returnTo=%2Fmembers'])('%s sends the owner home', (returnTo) => {
    expect(afterLogin(returnTo, OWNER)).toEqual({ kind: 'navigate', path: 'dashboard' });
  });

  it('a plain member with returnTo login goes to productions', () => {
    expect(afterLogin('login', PLAIN_MEMBER)).toEqual({ kind: 'navigate', path: 'productions' });
  });
});

describe('afterLogin(): the editor', () => {
  it.each(memberEntries)('%s: a returnTo beginning with editor is always allowed', (_, p) => {
    for (const returnTo of ['/editor', 'editor', '/editor/abc', '/editor?file=12&page=2'])
      expect({ returnTo, r: afterLogin(returnTo, p) }).toEqual({
        returnTo,
        r: { kind: 'navigate', path: returnTo.replace(/^\//, '') },
      });
  });
});

describe('afterLogin(): an inaccessible returnTo', () => {
  it('a crew leader is sent to the mobile version of the same path', () => {
    expect(routeAccess('members', CREW_LEADER).allowed).toBe(false);
    expect(afterLogin('/members', CREW_LEADER)).toEqual({ kind: 'mobile', path: 'members' });
    expect(afterLogin('/reports/budget', CREW_LEADER)).toEqual({ kind: 'mobile', path: 'reports/budget' });
  });

  it('everyone else sees Unauthorized', () => {
    const cases: Array<[string, typeof OWNER]> = [
      ['project-board/3', OWNER],
      ['members', CREW],
      ['reports/budget', CLAIMS],
      ['reports/budget', HR],
      ['dashboard', PLAIN_MEMBER],
      ['clients', SUPERVISOR],
    ];
    for (const [path, p] of cases) {
      expect(routeAccess(path, p).allowed).toBe(false);
      expect({ path, role: p.roleName, r: afterLogin(`/${path}`, p) }).toEqual({ path, role: p.roleName, r: { kind: 'unauthorized' } });
    }
  });
});

describe('afterLogin(): no returnTo', () => {
  it.each([undefined, null, ''])('crew leaders go to the mobile home (returnTo %s)', (returnTo) => {
    const r = afterLogin(returnTo, CREW_LEADER);
    expect(r.kind).toBe('mobile');
    expect(r).toEqual({ kind: 'mobile', path: homeFor(CREW_LEADER) });
  });

  it.each(memberEntries.filter(([, p]) => !spec.crewLeader(p)))('%s goes home on the desktop app', (_, p) => {
    expect(afterLogin(undefined, p)).toEqual({ kind: 'navigate', path: homeFor(p) });
  });

  it('the owner goes to the dashboard, a plain member to productions', () => {
    expect(afterLogin(undefined, OWNER)).toEqual({ kind: 'navigate', path: 'dashboard' });
    expect(afterLogin(null, PLAIN_MEMBER)).toEqual({ kind: 'navigate', path: 'productions' });
  });
});
