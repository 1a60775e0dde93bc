import { canOpenDashboard, canOpenReports, canViewLocates, holds } from './ability.js';
import { isCrewLeader, roleIs, type AccessProfile } from './profile.js';

export interface NavItem {
  id: string;
  title: string;
  /** Path under /app/, without the leading slash. */
  url: string;
  visible: (p: AccessProfile) => boolean;
  /** A different label for some users (Daily Log reads Check in for crew leaders). */
  titleFor?: (p: AccessProfile) => string;
}

export interface NavGroup {
  id: string;
  title: string;
  visible: (p: AccessProfile) => boolean;
  items: NavItem[];
}

const signedIn = (p: AccessProfile) => p.signedIn && p.hasMembership;
const can = (perm: string) => (p: AccessProfile) => holds(p, perm);
const notClaimsOrHr = (p: AccessProfile) => !roleIs(p, 'Claims', 'HumanResources');
const ownerOrPm = (p: AccessProfile) => roleIs(p, 'Owner', 'ProjectManager');
const all =
  (...rules: Array<(p: AccessProfile) => boolean>) =>
  (p: AccessProfile) =>
    rules.every((r) => r(p));

export const TOP_ITEMS: NavItem[] = [
  { id: 'dashboard', title: 'Dashboard', url: 'dashboard', visible: canOpenDashboard },
  { id: 'calendar', title: 'Calendar', url: 'calendar', visible: signedIn },
];

const SETTINGS_ITEMS: NavItem[] = [
  { id: 'item-categories', title: 'Item Categories', url: 'catalog/categories', visible: all(can('item-categories:view'), notClaimsOrHr) },
  { id: 'task-types', title: 'Task Types', url: 'task-types', visible: all(can('task-types:view'), notClaimsOrHr) },
  { id: 'footprint-types', title: 'Footprint Types', url: 'footprint-types', visible: all(can('footprint-types:manage'), notClaimsOrHr) },
  { id: 'damage-types', title: 'Damage Types', url: 'damage-types', visible: can('damage-types:view') },
  { id: 'safety-authorities', title: 'Safety Authorities', url: 'safety-authorities', visible: can('safety-authorities:view') },
];
const canManageRoles = (p: AccessProfile) => holds(p, 'roles:manage');

export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'production',
    title: 'Production',
    visible: (p) => signedIn(p) && !roleIs(p, 'HumanResources'),
    items: [
      { id: 'projects', title: 'Projects', url: 'projects', visible: can('projects:view') },
      { id: 'projects-list', title: 'Projects', url: 'projects-list', visible: isCrewLeader },
      { id: 'tasks', title: 'Tasks', url: 'tasks', visible: can('tasks:view') },
      { id: 'productions', title: 'Productions', url: 'productions', visible: all(can('productions:view'), notClaimsOrHr) },
      { id: 'files', title: 'Files', url: 'files', visible: all(can('files:view'), notClaimsOrHr) },
      { id: 'invoices', title: 'Invoices', url: 'invoices', visible: can('invoices:view') },
      { id: 'damages', title: 'Damages', url: 'damages', visible: can('damages:view') },
      { id: 'footprints', title: 'Footprints', url: 'footprints', visible: all(can('footprints:view'), notClaimsOrHr) },
      // Projects, check-ins, damages and footprints as layers; each layer also needs its own view permission.
      { id: 'map', title: 'Map', url: 'map', visible: can('projects:view') },
    ],
  },
  {
    id: 'manage',
    title: 'Manage',
    visible: signedIn,
    items: [
      { id: 'clients', title: 'Clients', url: 'clients', visible: all(can('partnerships:view'), ownerOrPm) },
      { id: 'items', title: 'Items', url: 'items', visible: all(can('items:manage'), ownerOrPm) },
      { id: 'subcontractors', title: 'Subcontractors', url: 'subcontractors', visible: all(can('partnerships:view'), ownerOrPm) },
      { id: 'members', title: 'Members', url: 'members', visible: can('memberships:manage') },
      { id: 'crews', title: 'Crews', url: 'crews', visible: (p) => holds(p, 'crews:manage') && !isCrewLeader(p) },
      { id: 'roles', title: 'Roles', url: 'roles', visible: canManageRoles },
      {
        id: 'logs',
        title: 'Daily Log',
        url: 'logs',
        // Crew leaders see the same screen as Check in; HR does not see it at all.
        visible: (p) => holds(p, 'logs:view') && !roleIs(p, 'HumanResources'),
        titleFor: (p) => (isCrewLeader(p) ? 'Check in' : 'Daily Log'),
      },
      { id: 'locates', title: 'Locates', url: 'locates', visible: canViewLocates },
    ],
  },
  {
    id: 'reports',
    title: 'Reports',
    visible: canOpenReports,
    items: [
      { id: 'reports-project-production', title: 'Project Production', url: 'reports/project-production', visible: canOpenReports },
      { id: 'reports-invoices', title: 'Invoice Report', url: 'reports/invoices', visible: canOpenReports },
      { id: 'reports-budget', title: 'Budget Report', url: 'reports/budget', visible: canOpenReports },
      { id: 'reports-flight-board', title: 'Flight Board', url: 'reports/flight-board', visible: canOpenReports },
    ],
  },
  {
    id: 'settings',
    title: 'Settings',
    visible: signedIn,
    items: [
      ...SETTINGS_ITEMS,
      // The group's landing (spec 01 §2 `settings`): the company settings above and Roles on one page,
      // for whoever may open one of them.
      {
        id: 'settings',
        title: 'All Settings',
        url: 'settings',
        visible: (p) => SETTINGS_ITEMS.some((i) => i.visible(p)) || canManageRoles(p),
      },
    ],
  },
];

export interface VisibleNavGroup {
  id: string;
  title: string;
  items: Array<{ id: string; title: string; url: string }>;
}

/**
 * The navigation a person sees. `available` narrows it to the screens this build has, so that no
 * entry leads nowhere while an area is still being built.
 */
export function navigationFor(
  profile: AccessProfile,
  available: (id: string) => boolean = () => true,
): { top: VisibleNavGroup['items']; groups: VisibleNavGroup[] } {
  const show = (items: NavItem[]) =>
    items
      .filter((i) => available(i.id) && i.visible(profile))
      .map((i) => ({ id: i.id, title: i.titleFor ? i.titleFor(profile) : i.title, url: i.url }));
  const groups = NAV_GROUPS.filter((g) => g.visible(profile))
    .map((g) => ({ id: g.id, title: g.title, items: show(g.items) }))
    .filter((g) => g.items.length > 0);
  return { top: show(TOP_ITEMS), groups };
}
