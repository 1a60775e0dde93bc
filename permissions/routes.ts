import { canOpenDashboard, canOpenReports, canViewLocates, holds } from './ability.js';
import { NAV_GROUPS } from './navigation.js';
import { isCrewLeader, isPlainMember, type AccessProfile } from './profile.js';

/** Open to every signed-in member; the landing page of last resort, so no denial can loop. */
const CALENDAR = 'calendar';

/** Paths here are relative to the app base (/app/ or /app-mobile/), without leading slash: 'members/12'. */
export const LOGIN = 'login';
export const NOT_FOUND = 'pages/errors/error-404';
export const EDITOR = 'editor';

interface Check {
  allow: (p: AccessProfile) => boolean;
  /** Where a person who fails the check goes. */
  deniedTo: (p: AccessProfile, available: Available) => string;
}

interface RouteRule {
  pattern: string;
  checks: Check[];
}

/**
 * Which screens exist: a build that lacks some screens of the spec passes its own list, so nobody
 * is sent to a page that is not there. By default every screen of the spec counts.
 */
export type Available = (navId: string) => boolean;
const EVERY_SCREEN: Available = () => true;

/**
 * Where a signed-in member lands when nothing else is asked for: the crew leader's project list, the
 * dashboard, productions for plain members, else the first screen their navigation shows, and
 * at last their own profile, which everyone may open.
 */
export function homeFor(p: AccessProfile, available: Available = EVERY_SCREEN): string {
  if (!p.signedIn) return LOGIN;
  if (!p.hasMembership) return 'register/company';
  // The crew leader's field home comes first; their dashboard is one tap away.
  if (isCrewLeader(p) && available('projects-list')) return 'projects-list';
  if (canOpenDashboard(p) && available('dashboard')) return 'dashboard';
  if (isPlainMember(p) && available('productions')) return 'productions';
  for (const group of NAV_GROUPS) {
    if (!group.visible(p)) continue;
    const first = group.items.find((item) => item.visible(p) && available(item.id));
    if (first) return first.url;
  }
  return available(CALENDAR) ? CALENDAR : 'profile';
}

const signedIn: Check = { allow: (p) => p.signedIn, deniedTo: () => LOGIN };
const member: Check = { allow: (p) => p.hasMembership, deniedTo: () => 'register/company' };
const notPlainMember: Check = {
  allow: (p) => !isPlainMember(p),
  deniedTo: (p, available) => (available('productions') ? 'productions' : homeFor(p, available)),
};
const rule = (allow: Check['allow'], deniedTo: string | Check['deniedTo'] = homeFor): Check => ({
  allow,
  deniedTo: typeof deniedTo === 'string' ? () => deniedTo : deniedTo,
});
const MEMBER = [signedIn, member];

const OPEN_ROUTES = [
  'logout',
  'forgot-password',
  'forgot-password/requested',
  'reset-password/:token',
  'confirm-email',
  NOT_FOUND,
  'public/dashboard/:publicURL',
  'partner-invitation/:token/:type/decline',
  'member-invitation/:token/decline',
  'members-invitation/:companyId/:token/decline',
  'projects/:projectId/budget/:budgetHash/review/:reviewHash/:action',
];

const navRules: RouteRule[] = NAV_GROUPS.flatMap((g) =>
  g.items.map((item) => ({
    pattern: `${item.url}/*`,
    checks: [...MEMBER, rule((p) => g.visible(p) && item.visible(p))],
  })),
);

const RULES: RouteRule[] = [
  ...OPEN_ROUTES.map((pattern) => ({ pattern, checks: [] })),
  // Signed-in people have no business on login or sign-up (spec 01 §2).
  { pattern: LOGIN, checks: [rule((p) => !p.signedIn, 'dashboard')] },
  { pattern: 'register/account', checks: [rule((p) => !p.signedIn, 'register/company')] },
  { pattern: CALENDAR, checks: MEMBER },
  {
    pattern: 'register/company',
    checks: [rule((p) => p.signedIn, 'register/account'), rule((p) => holds(p, 'self:companies:create'), 'dashboard')],
  },
  ...['partner-invitation/:token/:type/accept', 'member-invitation/:token/accept', 'members-invitation/:companyId/:token/accept'].map(
    (pattern) => ({
      pattern,
      checks: [rule((p) => p.signedIn, 'register/account'), member],
    }),
  ),
  { pattern: 'dashboard', checks: [...MEMBER, notPlainMember, rule(canOpenDashboard)] },
  { pattern: 'reports/*', checks: [...MEMBER, notPlainMember, rule(canOpenReports)] },
  { pattern: 'locates/*', checks: [...MEMBER, rule(canViewLocates, 'dashboard')] },
  { pattern: 'project-board/:projectId', checks: [...MEMBER, rule(isCrewLeader, 'dashboard')] },
  { pattern: 'projects-list', checks: [...MEMBER, rule(isCrewLeader, 'dashboard')] },
  { pattern: `${EDITOR}/*`, checks: MEMBER },
  ...navRules.filter((r) => !r.pattern.startsWith('reports/') && !r.pattern.startsWith('locates/') && !r.pattern.startsWith('projects-list')),
];

/** Matches 'a/:id' and 'a/*' (the bare path and anything below it). */
export function matchPattern(pattern: string, path: string): boolean {
  const clean = path.replace(/^\/+|\/+$/g, '');
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return clean === base || clean.startsWith(`${base}/`);
  }
  const a = pattern.split('/');
  const b = clean.split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') ? b[i] !== '' : seg === b[i]);
}

export type Access = { allowed: true } | { allowed: false; redirect: string };

function stripQuery(path: string): string {
  return path.split(/[?#]/)[0].replace(/^\/+/, '');
}

/** Whether the person may open the path; if not, where to send them, with returnTo when the rules allow it. */
export function routeAccess(path: string, p: AccessProfile, available: Available = EVERY_SCREEN): Access {
  const bare = stripQuery(path);
  const matched = RULES.find((r) => matchPattern(r.pattern, bare));
  const checks = matched ? matched.checks : MEMBER;
  for (const check of checks) {
    if (check.allow(p)) continue;
    const target = check.deniedTo(p, available);
    return { allowed: false, redirect: withReturnTo(target, path, p) };
  }
  return { allowed: true };
}

function withReturnTo(target: string, from: string, p: AccessProfile): string {
  const bare = stripQuery(from);
  const noReturn =
    (p.signedIn && (isPlainMember(p) || !canOpenDashboard(p))) ||
    bare === NOT_FOUND ||
    bare === LOGIN ||
    // Sign-up pages are never a place to come back to.
    bare.startsWith('register/') ||
    bare === '' ||
    matchPattern('public/dashboard/:publicURL', bare);
  if (noReturn) return target;
  return `${target}?returnTo=${encodeURIComponent(`/${from.replace(/^\/+/, '')}`)}`;
}

export type AfterLogin =
  | { kind: 'navigate'; path: string }
  | { kind: 'mobile'; path: string }
  | { kind: 'unauthorized' };

/** Where login sends a person, given the returnTo they arrived with (a path under the app base). */
export function afterLogin(returnTo: string | null | undefined, p: AccessProfile, available: Available = EVERY_SCREEN): AfterLogin {
  if (!p.hasMembership) return { kind: 'navigate', path: 'register/company' };
  const target = returnTo ? stripQuery(returnTo) : '';
  if (target && target !== LOGIN) {
    const path = returnTo!.replace(/^\/+/, '');
    if (routeAccess(path, p, available).allowed) return { kind: 'navigate', path };
    if (matchPattern(`${EDITOR}/*`, target)) return { kind: 'navigate', path };
    if (isCrewLeader(p)) return { kind: 'mobile', path };
    return { kind: 'unauthorized' };
  }
  const home = homeFor(p, available);
  return isCrewLeader(p) ? { kind: 'mobile', path: home } : { kind: 'navigate', path: home };
}
