import { afterLogin, homeFor, matchPattern, routeAccess, type AccessProfile } from '../../../permissions/index.js';
import {
  CLAIMS,
  CREW,
  CREW_LEADER,
  CREW_MEMBER,
  CUSTOM,
  GUEST,
  HR,
  NO_MEMBERSHIP,
  OWNER,
  PLAIN_MEMBER,
  PM,
  SUPERVISOR,
  allEntries,
  memberEntries,
  memberProfile,
  pathOf,
  perms,
  returnToOf,
  spec,
} from './profiles.js';

const allowed = (path: string, p: AccessProfile) => routeAccess(path, p).allowed;
function redirectOf(path: string, p: AccessProfile): string {
  const r = routeAccess(path, p);
  if (r.allowed) throw new Error(`expected ${path} to be denied`);
  return r.redirect;
}

/** Follows denied destinations until a route opens; null when it does not settle. */
function settle(path: string, p: AccessProfile, maxHops = 10): string | null {
  let current = path;
  for (let i = 0; i < maxHops; i++) {
    const r = routeAccess(current, p);
    if (r.allowed) return pathOf(current);
    current = r.redirect;
  }
  return null;
}

const PROTECTED = [
  'dashboard',
  'calendar',
  'profile',
  'subscription',
  'companies',
  'companies/3',
  'members',
  'members/5/edit',
  'crews',
  'roles',
  'settings',
  'items',
  'clients/4',
  'projects',
  'projects/1/budget',
  'productions',
  'invoices/9',
  'invoices/preview/9',
  'tasks',
  'map',
  'logs',
  'locates',
  'reports/budget',
  'reports/flight-board',
  'files',
  'image-editor/12',
  'editor',
  'project-board/2',
  'projects-list',
];

describe('routeAccess(): open routes', () => {
  const OPEN = [
    'login',
    'logout',
    'forgot-password',
    'forgot-password/requested',
    'reset-password/abc123',
    'confirm-email?token=abc123',
    'public/dashboard/xyz',
    'partner-invitation/tok/client/decline',
    'member-invitation/tok/decline',
    'register/account',
  ];
  it.each(OPEN)('%s is open to guests', (path) => expect(routeAccess(path, GUEST)).toEqual({ allowed: true }));

  it('public dashboards are open to everyone', () => {
    for (const [name, p] of allEntries) expect({ name, ok: allowed('public/dashboard/abc', p) }).toEqual({ name, ok: true });
  });

  it('the external budget review page needs no login', () => {
    expect(allowed('projects/1/budget/h1/review/h2/approve', GUEST)).toBe(true);
  });

  it('query strings and hashes do not change the rule', () => {
    expect(allowed('reset-password/abc?x=1', GUEST)).toBe(true);
    expect(allowed('/forgot-password#top', GUEST)).toBe(true);
  });
});

describe('routeAccess(): guests on protected routes go to login with returnTo', () => {
  it('members -> login?returnTo=%2Fmembers', () => {
    expect(routeAccess('members', GUEST)).toEqual({ allowed: false, redirect: 'login?returnTo=%2Fmembers' });
  });

  it.each(PROTECTED)('%s -> login, returning to the page', (path) => {
    const redirect = redirectOf(path, GUEST);
    expect(pathOf(redirect)).toBe('login');
    expect(returnToOf(redirect)).toBe(`/${path}`);
  });

  it('a route the spec does not list still needs a login', () => {
    expect(pathOf(redirectOf('something-new', GUEST))).toBe('login');
  });

  it('the returnTo keeps the query of the page asked for', () => {
    expect(returnToOf(redirectOf('members?tab=2', GUEST))).toBe('/members?tab=2');
    expect(returnToOf(redirectOf('/projects/7', GUEST))).toBe('/projects/7');
  });
});

describe('routeAccess(): signed in without a membership', () => {
  it.each(PROTECTED)('%s -> register/company, without returnTo', (path) => {
    expect(routeAccess(path, NO_MEMBERSHIP)).toEqual({ allowed: false, redirect: 'register/company' });
  });
});

describe('routeAccess(): returnTo rules', () => {
  it('a plain member on the dashboard goes to productions, without returnTo', () => {
    expect(routeAccess('dashboard', PLAIN_MEMBER)).toEqual({ allowed: false, redirect: 'productions' });
  });

  it('crews, crew leaders and supervisors reach the dashboard, so a denied screen sends them home with a returnTo', () => {
    for (const p of [CREW, CREW_LEADER, CREW_MEMBER, SUPERVISOR]) {
      expect(spec.dashboard(p)).toBe(true);
      expect(routeAccess('roles', p)).toEqual({ allowed: false, redirect: `${homeFor(p)}?returnTo=%2Froles` });
    }
    expect(homeFor(SUPERVISOR)).toBe('dashboard');
    expect(homeFor(CREW_LEADER)).toBe('projects-list');
  });

  it('a member who can reach the dashboard gets a returnTo', () => {
    expect(routeAccess('project-board/7', OWNER)).toEqual({ allowed: false, redirect: 'dashboard?returnTo=%2Fproject-board%2F7' });
    expect(returnToOf(redirectOf('projects-list', PM))).toBe('/projects-list');
  });

  it.each(allEntries)('%s: no returnTo back to the 404 page, the login page or a public dashboard', (_, p) => {
    for (const path of ['pages/errors/error-404', 'login', 'public/dashboard/abc', '/login?x=1']) {
      const r = routeAccess(path, p);
      if (!r.allowed) expect({ path, returnTo: returnToOf(r.redirect) }).toEqual({ path, returnTo: null });
    }
  });
});

describe('routeAccess(): login page', () => {
  it('already signed-in members are sent from login to the dashboard (no returnTo: the target is login)', () => {
    const got = Object.fromEntries(memberEntries.map(([name, p]) => [name, routeAccess('login', p)]));
    const want = Object.fromEntries(memberEntries.map(([name]) => [name, { allowed: false, redirect: 'dashboard' }]));
    expect(got).toEqual(want);
  });
});

describe('routeAccess(): dashboard', () => {
  it.each(memberEntries)('%s: open exactly when the dashboard rule holds', (_, p) => {
    expect(allowed('dashboard', p)).toBe(spec.dashboard(p));
  });

  it('a plain member holding projects:manage is still sent to productions', () => {
    expect(routeAccess('dashboard', { ...PLAIN_MEMBER, rolePermissions: perms('projects:manage productions:view') })).toEqual({
      allowed: false,
      redirect: 'productions',
    });
  });
});

describe('routeAccess(): reports', () => {
  const REPORTS = ['reports/project-production', 'reports/invoices', 'reports/budget'];

  it.each(memberEntries)('%s: open exactly when the reports rule holds', (_, p) => {
    for (const path of REPORTS) expect({ path, ok: allowed(path, p) }).toEqual({ path, ok: spec.reports(p) });
  });

  it('plain members are sent to productions', () => {
    for (const path of REPORTS) expect(routeAccess(path, PLAIN_MEMBER)).toEqual({ allowed: false, redirect: 'productions' });
    const withReports = { ...PLAIN_MEMBER, rolePermissions: perms('reports:view productions:view') };
    for (const path of REPORTS) expect(routeAccess(path, withReports)).toEqual({ allowed: false, redirect: 'productions' });
  });

  it('Claims and HumanResources are denied, even holding every permission', () => {
    for (const base of [CLAIMS, HR]) {
      for (const p of [base, { ...base, rolePermissions: perms('_any:_any') }])
        for (const path of REPORTS) expect({ role: p.roleName, path, ok: allowed(path, p) }).toEqual({ role: p.roleName, path, ok: false });
    }
  });

  it('guests are sent to login', () => {
    for (const path of [...REPORTS, 'reports/flight-board']) expect(pathOf(redirectOf(path, GUEST))).toBe('login');
  });
});

describe('routeAccess(): locates', () => {
  it.each(memberEntries)('%s: open exactly with locate view', (_, p) => {
    for (const path of ['locates', 'locates/5']) expect({ path, ok: allowed(path, p) }).toEqual({ path, ok: spec.locateView(p) });
  });

  it('without locate view the member goes to dashboard', () => {
    for (const p of [CREW, CREW_LEADER, CLAIMS, PLAIN_MEMBER]) {
      expect(spec.locateView(p)).toBe(false);
      // No returnTo for a plain member, who cannot reach the dashboard either (spec 01 §2).
      const to = (path: string) => (spec.dashboard(p) ? `dashboard?returnTo=${encodeURIComponent(`/${path}`)}` : 'dashboard');
      expect(routeAccess('locates', p)).toEqual({ allowed: false, redirect: to('locates') });
      expect(routeAccess('locates/5', p)).toEqual({ allowed: false, redirect: to('locates/5') });
    }
  });

  it('a member whose only right is self:companies:view opens locates', () => {
    expect(allowed('locates', memberProfile('Custom', [], { self: ['self:companies:view'] }))).toBe(true);
  });

  it('crews:manage alone opens locates', () => {
    expect(allowed('locates/3', memberProfile('Custom', perms('crews:manage'), { self: [] }))).toBe(true);
  });

  it('an owner-like member without locate view goes to dashboard with returnTo', () => {
    const p = memberProfile('Custom', perms('projects:manage'), { self: [] });
    expect(routeAccess('locates/5', p)).toEqual({ allowed: false, redirect: 'dashboard?returnTo=%2Flocates%2F5' });
  });
});

describe('routeAccess(): crew-leader screens', () => {
  it.each(memberEntries)('%s: project-board/:projectId only for crew leaders, otherwise dashboard', (_, p) => {
    const r = routeAccess('project-board/42', p);
    if (spec.crewLeader(p)) expect(r).toEqual({ allowed: true });
    else expect(r.allowed === false && pathOf(r.redirect)).toBe('dashboard');
  });

  it.each(memberEntries)('%s: projects-list only for crew leaders', (_, p) => {
    expect(allowed('projects-list', p)).toBe(spec.crewLeader(p));
  });

  it('an owner is not given the project board through holding everything', () => {
    expect(allowed('project-board/1', OWNER)).toBe(false);
  });
});

describe('routeAccess(): navigation rules apply to routes', () => {
  it('Clients, Items and Subcontractors are closed to a custom role holding their permissions', () => {
    for (const path of ['clients', 'clients/1', 'items', 'subcontractors/2/contacts']) expect({ path, ok: allowed(path, CUSTOM) }).toEqual({ path, ok: false });
    for (const path of ['clients', 'clients/1', 'items', 'subcontractors/2/contacts']) expect({ path, ok: allowed(path, PM) }).toEqual({ path, ok: true });
  });

  it('Crews are closed to crew leaders even holding crews:manage', () => {
    expect(allowed('crews', { ...CREW_LEADER, rolePermissions: perms('_any:_any') })).toBe(false);
    expect(allowed('crews/4', HR)).toBe(true);
  });

  it('Claims and HumanResources cannot open productions, files or footprints', () => {
    for (const base of [CLAIMS, HR]) {
      const p = { ...base, rolePermissions: perms('_any:_any') };
      for (const path of ['productions', 'productions/inspect/3', 'files', 'footprints'])
        expect({ role: p.roleName, path, ok: allowed(path, p) }).toEqual({ role: p.roleName, path, ok: false });
    }
  });

  it('members only: the image editor and the PDF editor open for any member', () => {
    for (const [name, p] of memberEntries) {
      expect({ name, ok: allowed('image-editor/3', p) }).toEqual({ name, ok: true });
      expect({ name, ok: allowed('editor', p) }).toEqual({ name, ok: true });
    }
  });
});

describe('routeAccess(): routes the spec names whose screens are still coming (issue 19)', () => {
  /** This build's screens as far as these routes care: no crew-leader field screens (issue 21). */
  const build = (id: string) => id !== 'projects-list';

  it.each(memberEntries)('%s: project-board/:projectId runs its rule, not a 404: crew leaders in, others to the dashboard', (_, p) => {
    const r = routeAccess('project-board/5', p, build);
    if (spec.crewLeader(p)) expect(r).toEqual({ allowed: true });
    else if (spec.dashboard(p)) expect(r).toEqual({ allowed: false, redirect: 'dashboard?returnTo=%2Fproject-board%2F5' });
    // A plain member gets no returnTo, and the dashboard then sends them on to productions.
    else expect(r).toEqual({ allowed: false, redirect: 'dashboard' });
  });

  it('the crew leader may open the projects a board or list falls back to', () => {
    expect(routeAccess('projects/5', CREW_LEADER, build)).toEqual({ allowed: true });
    expect(routeAccess('projects', CREW_LEADER, build)).toEqual({ allowed: true });
  });

  it('projects-list sends everyone but crew leaders to the dashboard', () => {
    expect(routeAccess('projects-list', OWNER, build)).toEqual({ allowed: false, redirect: 'dashboard?returnTo=%2Fprojects-list' });
    expect(routeAccess('projects-list', CREW_LEADER, build)).toEqual({ allowed: true });
  });

  it('editor and anything below it open for every member; guests log in and come back to it', () => {
    for (const [name, p] of memberEntries)
      for (const path of ['editor', 'editor/12', 'editor?fileId=3'])
        expect({ name, path, ok: routeAccess(path, p, build).allowed }).toEqual({ name, path, ok: true });
    expect(routeAccess('editor?fileId=3', GUEST)).toEqual({ allowed: false, redirect: 'login?returnTo=%2Feditor%3FfileId%3D3' });
    expect(routeAccess('editor', NO_MEMBERSHIP)).toEqual({ allowed: false, redirect: 'register/company' });
    expect(afterLogin('/editor?fileId=3', PLAIN_MEMBER, build)).toEqual({ kind: 'navigate', path: 'editor?fileId=3' });
  });

  /** Spec 01 §2: the Settings group's entries, and Roles beside them; the landing opens for whoever sees one. */
  const seesASetting = (p: AccessProfile) => {
    const notClaimsOrHr = p.roleName !== 'Claims' && p.roleName !== 'HumanResources';
    return (
      (notClaimsOrHr && (spec.holds(p, 'item-categories:view') || spec.holds(p, 'task-types:view') || spec.holds(p, 'footprint-types:manage'))) ||
      spec.holds(p, 'damage-types:view') ||
      spec.holds(p, 'safety-authorities:view') ||
      spec.holds(p, 'roles:manage')
    );
  };

  it.each(memberEntries)('%s: settings opens exactly when a settings entry or Roles does, else home', (_, p) => {
    const r = routeAccess('settings', p);
    if (seesASetting(p)) expect(r).toEqual({ allowed: true });
    else expect(r.allowed === false && pathOf(r.redirect)).toBe(homeFor(p));
  });

  it('settings: who gets it among the default roles', () => {
    for (const p of [OWNER, PM, SUPERVISOR, CLAIMS]) expect({ role: p.roleName, ok: allowed('settings', p) }).toEqual({ role: p.roleName, ok: true });
    for (const p of [CREW_LEADER, CREW, HR, PLAIN_MEMBER]) expect({ role: p.roleName, ok: allowed('settings', p) }).toEqual({ role: p.roleName, ok: false });
    expect(allowed('settings', memberProfile('Custom', perms('roles:manage'), { self: [] }))).toBe(true);
    expect(routeAccess('settings', HR)).toEqual({ allowed: false, redirect: `${homeFor(HR)}?returnTo=%2Fsettings` });
    expect(routeAccess('settings', PLAIN_MEMBER)).toEqual({ allowed: false, redirect: 'productions' });
    expect(routeAccess('settings', GUEST)).toEqual({ allowed: false, redirect: 'login?returnTo=%2Fsettings' });
  });
});

describe('routeAccess(): registration and invitations', () => {
  it('register/company needs a sign-in, else register/account', () => {
    expect(pathOf(redirectOf('register/company', GUEST))).toBe('register/account');
  });

  it('register/company needs self:companies:create, else dashboard', () => {
    const p = { ...OWNER, selfPermissions: [] };
    expect(pathOf(redirectOf('register/company', p))).toBe('dashboard');
    const q = { ...NO_MEMBERSHIP, selfPermissions: [] };
    expect(pathOf(redirectOf('register/company', q))).toBe('dashboard');
  });

  it('register/company is open to a signed-in user holding self:companies:create, with or without membership', () => {
    expect(allowed('register/company', NO_MEMBERSHIP)).toBe(true);
    expect(allowed('register/company', OWNER)).toBe(true);
  });

  it('register/company ignores company permissions: an `_any` role does not stand in for self:companies:create', () => {
    expect(allowed('register/company', memberProfile('Owner', perms('_any:_any'), { self: [] }))).toBe(false);
  });

  it('register/account is open to guests', () => expect(allowed('register/account', GUEST)).toBe(true));

  it('register/account sends a signed-in user without membership to register/company', () => {
    expect(pathOf(redirectOf('register/account', NO_MEMBERSHIP))).toBe('register/company');
  });

  it('register/account sends a signed-in member (already a member) to register/company', () => {
    const got = Object.fromEntries(memberEntries.map(([name, p]) => [name, pathOf(redirectOf('register/account', p))]));
    const want = Object.fromEntries(memberEntries.map(([name]) => [name, 'register/company']));
    expect(got).toEqual(want);
  });

  it.each(['partner-invitation/tok/client/accept', 'member-invitation/tok/accept', 'members-invitation/9/tok/accept'])(
    '%s needs a login (else register/account) and a membership (else register/company)',
    (path) => {
      expect(pathOf(redirectOf(path, GUEST))).toBe('register/account');
      expect(pathOf(redirectOf(path, NO_MEMBERSHIP))).toBe('register/company');
      expect(allowed(path, PLAIN_MEMBER)).toBe(true);
    },
  );
});

describe('routeAccess(): every denied route leads somewhere the member may be', () => {
  it.each(memberEntries)('%s: following denied destinations settles on an open route', (_, p) => {
    for (const path of PROTECTED) {
      const end = settle(path, p);
      expect({ path, settles: end !== null }).toEqual({ path, settles: true });
    }
  });
});

describe('homeFor()', () => {
  it('guest -> login', () => expect(homeFor(GUEST)).toBe('login'));
  it('no membership -> register/company', () => expect(homeFor(NO_MEMBERSHIP)).toBe('register/company'));
  it('Owner and ProjectManager -> dashboard', () => {
    expect(homeFor(OWNER)).toBe('dashboard');
    expect(homeFor(PM)).toBe('dashboard');
  });
  it('plain member -> productions', () => expect(homeFor(PLAIN_MEMBER)).toBe('productions'));
  it.each(memberEntries)('%s: home is the dashboard exactly when the dashboard rule holds, but for crew leaders', (_, p) => {
    expect(homeFor(p) === 'dashboard').toBe(spec.dashboard(p) && p.roleName !== 'CrewLeader');
  });
  it.each(memberEntries)('%s: home is a route the member may open', (_, p) => {
    expect({ home: homeFor(p), ok: allowed(homeFor(p), p) }).toEqual({ home: homeFor(p), ok: true });
  });
});

describe('matchPattern()', () => {
  it('literal patterns match only themselves', () => {
    expect(matchPattern('logout', 'logout')).toBe(true);
    expect(matchPattern('logout', 'logout/now')).toBe(false);
    expect(matchPattern('logout', 'logouts')).toBe(false);
    expect(matchPattern('forgot-password/requested', 'forgot-password')).toBe(false);
  });

  it(':param matches exactly one non-empty segment', () => {
    expect(matchPattern('reset-password/:token', 'reset-password/abc')).toBe(true);
    expect(matchPattern('reset-password/:token', 'reset-password')).toBe(false);
    expect(matchPattern('reset-password/:token', 'reset-password/')).toBe(false);
    expect(matchPattern('reset-password/:token', 'reset-password/abc/def')).toBe(false);
    expect(matchPattern('members-invitation/:companyId/:token/accept', 'members-invitation/3/tok/accept')).toBe(true);
    expect(matchPattern('members-invitation/:companyId/:token/accept', 'members-invitation/3/tok/decline')).toBe(false);
    expect(matchPattern('members-invitation/:companyId/:token/accept', 'members-invitation//tok/accept')).toBe(false);
  });

  it('leading and trailing slashes are ignored', () => {
    expect(matchPattern('reset-password/:token', '/reset-password/abc/')).toBe(true);
    expect(matchPattern('members/*', '/members/')).toBe(true);
  });

  it('/* matches the bare path and anything below it, not a longer name', () => {
    expect(matchPattern('members/*', 'members')).toBe(true);
    expect(matchPattern('members/*', 'members/5')).toBe(true);
    expect(matchPattern('members/*', 'members/5/edit')).toBe(true);
    expect(matchPattern('members/*', 'membership')).toBe(false);
    expect(matchPattern('members/*', 'member')).toBe(false);
    expect(matchPattern('reports/*', 'reports/budget')).toBe(true);
    expect(matchPattern('reports/*', 'report/budget')).toBe(false);
  });
});
