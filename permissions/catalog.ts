/** The permission vocabulary shared by server and client: role names, permission strings and default roles. */

export const ROLE_NAMES = [
  'Owner',
  'ProjectManager',
  'Supervisor',
  'CrewLeader',
  'Crew',
  'Claims',
  'HumanResources',
  'Member',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const ROLE_LABELS: Record<RoleName, string> = {
  Owner: 'Owner',
  ProjectManager: 'Project Manager',
  Supervisor: 'Supervisor',
  CrewLeader: 'Crew Leader',
  Crew: 'Crew',
  Claims: 'Claims',
  HumanResources: 'Human Resources',
  Member: 'Member',
};

/** Resource types a role's permissions can name, in the order the role editor shows them. */
export const RESOURCE_TYPES = [
  'companies',
  'roles',
  'memberships',
  'partnerships',
  'crews',
  'items',
  'item-categories',
  'projects',
  'tasks',
  'productions',
  'footprints',
  'files',
  'invoices',
  'damages',
  'logs',
  'reports',
  'task-types',
  'damage-types',
  'footprint-types',
  'safety-authorities',
  'integrations',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/**
 * Spec 01 §3 names a role's resource types company, roles, members, clients, subcontractors, crews,
 * items, projects and tasks. Where its word differs from ours it is accepted as an alias and stored
 * as ours, so every check and every answer sees one form (clients and subcontractors are both sides
 * of our partnerships).
 */
export const RESOURCE_TYPE_ALIASES = {
  company: 'companies',
  members: 'memberships',
  clients: 'partnerships',
  subcontractors: 'partnerships',
} as const satisfies Record<string, ResourceType>;
export type ResourceTypeAlias = keyof typeof RESOURCE_TYPE_ALIASES;
export const RESOURCE_TYPE_ALIAS_NAMES = Object.keys(RESOURCE_TYPE_ALIASES) as ResourceTypeAlias[];

export const ACTIONS = ['view', 'manage'] as const;
export type Action = (typeof ACTIONS)[number];

/** `_any` stands for every action or every resource type. */
export const ANY = '_any';

/** Our name for a resource type sent in our words or the spec's. */
export function canonicalResourceType(name: ResourceType | ResourceTypeAlias | typeof ANY): ResourceType | typeof ANY {
  return Object.hasOwn(RESOURCE_TYPE_ALIASES, name) ? RESOURCE_TYPE_ALIASES[name as ResourceTypeAlias] : (name as ResourceType | typeof ANY);
}

export interface RolePermission {
  resourceType: ResourceType | typeof ANY;
  action: Action | typeof ANY;
  /** A specific resource id, or `_any` / absent for all of that type. */
  resourceId?: string | null;
}

/** Permission strings a user holds on their own account rather than through a company role. */
export const SELF_PERMISSIONS = ['self:companies:view', 'self:companies:create'] as const;
export type SelfPermission = (typeof SELF_PERMISSIONS)[number];

const p = (spec: string): RolePermission[] =>
  spec
    .split(/\s+/)
    .filter(Boolean)
    .map((s) => {
      const [resourceType, action] = s.split(':') as [ResourceType, Action];
      return { resourceType, action };
    });

/**
 * What each default role holds in a new company. The spec fixes only Owner (everything) and the
 * navigation rules; the rest is our reading of each job, recorded in docs/decisions.md.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, RolePermission[]> = {
  Owner: [{ resourceType: ANY, action: ANY }],
  ProjectManager: p(`
    projects:manage tasks:manage productions:manage footprints:manage files:manage invoices:manage damages:manage
    partnerships:manage memberships:manage crews:manage items:manage logs:view reports:view
    item-categories:manage task-types:manage damage-types:manage footprint-types:manage safety-authorities:manage`),
  Supervisor: p(`
    projects:view tasks:manage productions:manage footprints:view files:view invoices:view damages:manage
    partnerships:view crews:manage logs:view reports:view
    item-categories:view task-types:view damage-types:view safety-authorities:view`),
  CrewLeader: p(`projects:view tasks:view productions:manage footprints:view files:view damages:view logs:view`),
  Crew: p(`projects:view tasks:view productions:view files:view`),
  Claims: p(`projects:view damages:manage invoices:view damage-types:view safety-authorities:view reports:view`),
  HumanResources: p(`memberships:manage crews:manage`),
  Member: p(`productions:view`),
};

/** Roles that cannot be handed out in a role picker: ownership is only gained by creating a company. */
export const UNASSIGNABLE_ROLES: RoleName[] = ['Owner'];

export function isRoleName(name: string | null | undefined): name is RoleName {
  return !!name && (ROLE_NAMES as readonly string[]).includes(name);
}

/** Expands role permissions into `resource:action` strings; `_any` entries stay as written. */
export function permissionStrings(perms: RolePermission[]): string[] {
  return perms.map((x) => `${x.resourceType}:${x.action}`);
}
