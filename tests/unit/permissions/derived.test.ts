import {
  canManageLocates,
  canOpenDashboard,
  canOpenReports,
  canUseProjectBoard,
  canViewLocates,
  isCrewLeader,
  isPlainMember,
} from '../../../permissions/index.js';
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
  memberProfile,
  perms,
  spec,
} from './profiles.js';

describe('plain member (Member role, not in a crew)', () => {
  it('a Member not in a crew is a plain member', () => expect(isPlainMember(PLAIN_MEMBER)).toBe(true));
  it('a Member in a crew is not a plain member', () => expect(isPlainMember(CREW_MEMBER)).toBe(false));
  it.each(allEntries.filter(([, p]) => p.roleName !== 'Member'))('%s is not a plain member', (_, p) =>
    expect(isPlainMember(p)).toBe(false),
  );
  it('crew leaders are recognised by role', () => {
    expect(isCrewLeader(CREW_LEADER)).toBe(true);
    for (const p of [OWNER, PM, CREW, CREW_MEMBER, CUSTOM, GUEST]) expect(isCrewLeader(p)).toBe(false);
  });
});

describe('locate manage: self:companies:view, partnerships:manage, roles:manage, memberships:manage or items:manage', () => {
  it.each(['partnerships:manage', 'roles:manage', 'memberships:manage', 'items:manage'])('%s alone allows it', (perm) => {
    const p = memberProfile('Custom', perms(perm), { self: [] });
    expect(canManageLocates(p)).toBe(true);
    expect(canViewLocates(p)).toBe(true);
  });

  it('self:companies:view on the user list alone allows it', () => {
    const p = memberProfile('Custom', [], { self: ['self:companies:view'] });
    expect(canManageLocates(p)).toBe(true);
  });

  it('companies:view on the company role does not count as self:companies:view', () => {
    expect(canManageLocates(memberProfile('Custom', perms('companies:manage'), { self: [] }))).toBe(false);
  });

  it.each(['partnerships:view', 'crews:manage', 'projects:manage', 'items:view', 'memberships:view', 'roles:view'])(
    '%s alone does not allow it',
    (perm) => expect(canManageLocates(memberProfile('Custom', perms(perm), { self: [] }))).toBe(false),
  );

  it.each(allEntries)('%s: agrees with the spec rule', (_, p) => expect(canManageLocates(p)).toBe(spec.locateManage(p)));
});

describe('locate view: locate manage or crews:manage', () => {
  it('crews:manage alone allows locate view but not locate manage', () => {
    const p = memberProfile('Custom', perms('crews:manage'), { self: [] });
    expect(canViewLocates(p)).toBe(true);
    expect(canManageLocates(p)).toBe(false);
  });

  it('crews:view is not enough', () => expect(canViewLocates(memberProfile('Custom', perms('crews:view'), { self: [] }))).toBe(false));
  it('nothing gives nothing', () => expect(canViewLocates(memberProfile('Custom', [], { self: [] }))).toBe(false));
  it('guests have no locate view', () => expect(canViewLocates(GUEST)).toBe(false));
  it('HumanResources (crews:manage, memberships:manage) has locate view', () => expect(canViewLocates(HR)).toBe(spec.locateView(HR)));

  it.each(allEntries)('%s: agrees with the spec rule', (_, p) => expect(canViewLocates(p)).toBe(spec.locateView(p)));
});

describe('dashboard gate: a member, not a plain member, not a guest', () => {
  it('Owner and ProjectManager may open the dashboard', () => {
    expect(canOpenDashboard(OWNER)).toBe(true);
    expect(canOpenDashboard(PM)).toBe(true);
  });

  it('guests never may', () => expect(canOpenDashboard(GUEST)).toBe(false));
  it('a signed-in user without membership may not', () => expect(canOpenDashboard(NO_MEMBERSHIP)).toBe(false));

  it('a plain member may not, even holding projects:manage', () => {
    expect(canOpenDashboard({ ...PLAIN_MEMBER, rolePermissions: perms('projects:manage') })).toBe(false);
    expect(canOpenDashboard({ ...PLAIN_MEMBER, rolePermissions: perms('_any:_any') })).toBe(false);
  });

  it('a Member in a crew holding projects:manage may', () => {
    expect(canOpenDashboard({ ...CREW_MEMBER, rolePermissions: perms('projects:manage') })).toBe(true);
  });

  it('a custom role with only projects:view may: its widgets answer what it may see', () => {
    expect(canOpenDashboard(memberProfile('Custom', perms('projects:view')))).toBe(true);
  });

  it('a custom role holding projects:manage may', () => expect(canOpenDashboard(CUSTOM)).toBe(true));

  it.each(allEntries)('%s: agrees with the spec rule', (_, p) => expect(canOpenDashboard(p)).toBe(spec.dashboard(p)));
});

describe('reports: closed to plain members, Claims and HumanResources', () => {
  it('Owner, ProjectManager and Supervisor (reports:view) may open reports', () => {
    expect(canOpenReports(OWNER)).toBe(true);
    expect(canOpenReports(PM)).toBe(true);
    expect(canOpenReports(SUPERVISOR)).toBe(true);
  });

  it('Claims may not, although the default Claims role holds reports:view', () => {
    expect(CLAIMS.rolePermissions.some((x) => x.resourceType === 'reports')).toBe(true);
    expect(canOpenReports(CLAIMS)).toBe(false);
  });

  it('Claims and HumanResources may not even with every permission', () => {
    expect(canOpenReports({ ...CLAIMS, rolePermissions: perms('_any:_any') })).toBe(false);
    expect(canOpenReports({ ...HR, rolePermissions: perms('_any:_any') })).toBe(false);
  });

  it('a plain member may not even with reports:view; a Member in a crew with reports:view may', () => {
    expect(canOpenReports({ ...PLAIN_MEMBER, rolePermissions: perms('reports:view') })).toBe(false);
    expect(canOpenReports({ ...CREW_MEMBER, rolePermissions: perms('reports:view') })).toBe(true);
  });

  it('guests and users without membership may not', () => {
    expect(canOpenReports(GUEST)).toBe(false);
    expect(canOpenReports({ ...NO_MEMBERSHIP, rolePermissions: perms('_any:_any') })).toBe(false);
  });

  it.each(allEntries)('%s: agrees with the spec rule', (_, p) => expect(canOpenReports(p)).toBe(spec.reports(p)));
});

describe('project board: crew leaders only', () => {
  it.each(allEntries)('%s', (_, p) => expect(canUseProjectBoard(p)).toBe(spec.crewLeader(p)));
});
