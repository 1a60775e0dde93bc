import { navigationFor, type AccessProfile } from '../../../permissions/index.js';
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
  perms,
  spec,
} from './profiles.js';

type Entry = { id: string; title: string; url: string };

function entries(p: AccessProfile, available?: (id: string) => boolean): Entry[] {
  const nav = navigationFor(p, available);
  return [...nav.top, ...nav.groups.flatMap((g) => g.items)];
}
const urls = (p: AccessProfile) => entries(p).map((e) => e.url);
const sees = (p: AccessProfile, url: string) => urls(p).includes(url);
const entry = (p: AccessProfile, url: string) => entries(p).find((e) => e.url === url);
const group = (p: AccessProfile, id: string) => navigationFor(p).groups.find((g) => g.id === id);

const PRODUCTION_URLS = ['projects', 'projects-list', 'tasks', 'productions', 'files', 'invoices', 'damages', 'footprints', 'map'];
const REPORT_URLS = ['reports/project-production', 'reports/invoices', 'reports/budget', 'reports/flight-board'];

describe('navigationFor(): guests and users without membership', () => {
  it('guests see nothing but Login', () => {
    expect(urls(GUEST).filter((u) => u !== 'login')).toEqual([]);
  });

  it('guests never see the dashboard', () => expect(sees(GUEST, 'dashboard')).toBe(false));

  it('a signed-in user without membership sees no company screen', () => {
    const seen = urls(NO_MEMBERSHIP);
    for (const u of ['dashboard', ...PRODUCTION_URLS, 'members', 'crews', 'logs', 'locates', ...REPORT_URLS, 'catalog/categories'])
      expect(seen).not.toContain(u);
  });
});

describe('navigationFor(): top entries', () => {
  it.each(memberEntries)('%s: dashboard follows the dashboard rule', (_, p) => {
    expect(sees(p, 'dashboard')).toBe(spec.dashboard(p));
  });

  it('plain members do not see the dashboard even with projects:manage', () => {
    expect(sees({ ...PLAIN_MEMBER, rolePermissions: perms('projects:manage') }, 'dashboard')).toBe(false);
  });

  it.each(memberEntries)('%s: sees the calendar', (_, p) => expect(sees(p, 'calendar')).toBe(true));
});

describe('navigationFor(): entries show only when their permission holds', () => {
  const byPermission: Array<[string, string]> = [
    ['projects', 'projects:view'],
    ['tasks', 'tasks:view'],
    ['invoices', 'invoices:view'],
    ['damages', 'damages:view'],
    ['map', 'projects:view'],
  ];
  it.each(memberEntries.filter(([, p]) => p.roleName !== 'HumanResources'))('%s: production entries follow their permission', (_, p) => {
    for (const [url, perm] of byPermission) expect({ url, seen: sees(p, url) }).toEqual({ url, seen: spec.holds(p, perm) });
  });

  it.each(memberEntries)('%s: locates follows locate view', (_, p) => expect(sees(p, 'locates')).toBe(spec.locateView(p)));

  it('projects-list is for crew leaders only', () => {
    expect(sees(CREW_LEADER, 'projects-list')).toBe(true);
    for (const p of [OWNER, PM, SUPERVISOR, CREW, CREW_MEMBER, PLAIN_MEMBER]) expect(sees(p, 'projects-list')).toBe(false);
  });

  it('a plain member sees productions', () => expect(sees(PLAIN_MEMBER, 'productions')).toBe(true));

  it('Item Categories is labelled so and lives at catalog/categories', () => {
    expect(entry(OWNER, 'catalog/categories')?.title).toBe('Item Categories');
  });
});

describe('navigationFor(): Clients, Items and Subcontractors need the permission and an Owner or ProjectManager role', () => {
  const urls3 = ['clients', 'items', 'subcontractors'];

  it('Owner and ProjectManager see all three', () => {
    for (const p of [OWNER, PM]) for (const u of urls3) expect({ u, seen: sees(p, u) }).toEqual({ u, seen: true });
  });

  it('a custom role holding partnerships:manage and items:manage sees none of them', () => {
    expect(CUSTOM.roleName).not.toMatch(/^(Owner|ProjectManager)$/);
    for (const u of urls3) expect({ u, seen: sees(CUSTOM, u) }).toEqual({ u, seen: false });
  });

  it('a Supervisor holding partnerships:view sees neither clients nor subcontractors', () => {
    expect(sees(SUPERVISOR, 'clients')).toBe(false);
    expect(sees(SUPERVISOR, 'subcontractors')).toBe(false);
  });

  it('other default roles holding everything still see none of them', () => {
    for (const name of ['Supervisor', 'CrewLeader', 'Crew', 'Claims', 'HumanResources', 'Member']) {
      const p = memberProfile(name, perms('_any:_any'), { inCrew: true });
      for (const u of urls3) expect({ name, u, seen: sees(p, u) }).toEqual({ name, u, seen: false });
    }
  });

  it('a ProjectManager-named role without the permissions sees none of them', () => {
    const p = memberProfile('ProjectManager', perms('projects:manage'));
    for (const u of urls3) expect({ u, seen: sees(p, u) }).toEqual({ u, seen: false });
  });

  it('items needs items:manage, clients and subcontractors need the partnership permission', () => {
    const partnersOnly = memberProfile('ProjectManager', perms('partnerships:manage'));
    expect(sees(partnersOnly, 'clients')).toBe(true);
    expect(sees(partnersOnly, 'subcontractors')).toBe(true);
    expect(sees(partnersOnly, 'items')).toBe(false);
    const itemsOnly = memberProfile('ProjectManager', perms('items:manage'));
    expect(sees(itemsOnly, 'items')).toBe(true);
    expect(sees(itemsOnly, 'clients')).toBe(false);
  });
});

describe('navigationFor(): Crews and Daily Log', () => {
  it('Crews are shown to holders of crews:manage', () => {
    for (const p of [OWNER, PM, HR, CUSTOM]) expect(sees(p, 'crews')).toBe(true);
  });

  it('Crews are hidden from crew leaders, even holding crews:manage', () => {
    expect(sees(CREW_LEADER, 'crews')).toBe(false);
    expect(sees({ ...CREW_LEADER, rolePermissions: perms('_any:_any') }, 'crews')).toBe(false);
  });

  it('Daily Log is labelled Daily Log for others', () => {
    expect(entry(PM, 'logs')?.title).toBe('Daily Log');
    expect(entry(OWNER, 'logs')?.title).toBe('Daily Log');
  });

  it('crew leaders see the logs screen labelled Check in instead of Daily Log', () => {
    const e = entry(CREW_LEADER, 'logs');
    expect(e?.title).toBe('Check in');
    expect(entries(CREW_LEADER).some((x) => x.title === 'Daily Log')).toBe(false);
  });

  it('Daily Log is hidden from HumanResources, even holding logs:view', () => {
    expect(sees(HR, 'logs')).toBe(false);
    expect(sees({ ...HR, rolePermissions: perms('_any:_any') }, 'logs')).toBe(false);
  });
});

describe('navigationFor(): Claims and HumanResources', () => {
  const hidden = ['productions', 'files', 'footprints'];
  it.each([
    ['Claims', CLAIMS],
    ['HumanResources', HR],
  ])('%s does not see productions, files or footprints, even holding every permission', (_, base) => {
    const p = { ...base, rolePermissions: perms('_any:_any') };
    for (const u of hidden) expect({ u, seen: sees(p, u) }).toEqual({ u, seen: false });
  });

  it('the Production group is hidden from HumanResources, even holding every permission', () => {
    expect(group({ ...HR, rolePermissions: perms('_any:_any') }, 'production')).toBeUndefined();
    expect(group(HR, 'production')).toBeUndefined();
    for (const u of PRODUCTION_URLS) expect(sees({ ...HR, rolePermissions: perms('_any:_any') }, u)).toBe(false);
  });

  it('Claims keeps the rest of the Production group it holds', () => {
    const p = { ...CLAIMS, rolePermissions: perms('_any:_any') };
    expect(sees(p, 'projects')).toBe(true);
    expect(sees(p, 'damages')).toBe(true);
  });
});

describe('navigationFor(): Reports group', () => {
  it.each(allEntries)('%s: the Reports group follows the reports rule', (_, p) => {
    const g = group(p, 'reports');
    expect(Boolean(g)).toBe(spec.reports(p));
    if (g) expect(g.items.map((i) => i.url)).toEqual(REPORT_URLS);
  });

  it('Claims, HumanResources and plain members never see reports, whatever they hold', () => {
    for (const base of [CLAIMS, HR, PLAIN_MEMBER]) {
      const p = { ...base, rolePermissions: perms('_any:_any') };
      expect(group(p, 'reports')).toBeUndefined();
      for (const u of REPORT_URLS) expect(sees(p, u)).toBe(false);
    }
  });
});

describe('navigationFor(): groups and the available filter', () => {
  it.each(allEntries)('%s: no empty group is returned', (_, p) => {
    for (const g of navigationFor(p).groups) expect({ group: g.id, count: g.items.length > 0 }).toEqual({ group: g.id, count: true });
  });

  it('a plain member gets no Manage, Reports or Settings group', () => {
    const ids = navigationFor(PLAIN_MEMBER).groups.map((g) => g.id);
    expect(ids).toEqual(['production']);
  });

  it('the available filter narrows the entries and drops the groups it empties', () => {
    const nav = navigationFor(OWNER, (id) => id === 'members');
    expect(nav.top).toEqual([]);
    expect(nav.groups.map((g) => g.id)).toEqual(['manage']);
    expect(nav.groups[0].items.map((i) => i.url)).toEqual(['members']);
  });

  it('the available filter cannot show what the rules hide', () => {
    const nav = navigationFor(CREW, () => true);
    const narrowed = navigationFor(CREW, (id) => id === 'members' || id === 'productions');
    const seen = [...narrowed.top, ...narrowed.groups.flatMap((g) => g.items)].map((i) => i.url);
    expect(seen).toEqual(['productions']);
    expect(entries(CREW)).toEqual([...nav.top, ...nav.groups.flatMap((g) => g.items)]);
  });

  it('by default every allowed entry is available', () => {
    expect(entries(OWNER).length).toBe(entries(OWNER, () => true).length);
    expect(entries(OWNER, () => false)).toEqual([]);
  });
});

describe('navigationFor(): the settings landing (spec 01 §2 `settings`)', () => {
  const SETTINGS_URLS = ['catalog/categories', 'task-types', 'footprint-types', 'damage-types', 'safety-authorities'];

  it.each(memberEntries)('%s: All Settings closes the Settings group exactly when a settings entry or Roles shows', (_, p) => {
    const items = group(p, 'settings')?.items.map((i) => i.url) ?? [];
    const opensOne = SETTINGS_URLS.some((u) => items.includes(u)) || sees(p, 'roles');
    expect(items.includes('settings')).toBe(opensOne);
    if (opensOne) expect(items[items.length - 1]).toBe('settings');
    expect(entry(p, 'settings')?.title ?? 'All Settings').toBe('All Settings');
  });

  it('Roles alone is enough to get the landing', () => {
    expect(group(memberProfile('Custom', perms('roles:manage'), { self: [] }), 'settings')?.items.map((i) => i.url)).toEqual(['settings']);
  });
});
