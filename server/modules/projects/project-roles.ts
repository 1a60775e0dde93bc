import type { RolePermission } from '../../../permissions/index.js';
import type { Executor } from '../../db/index.js';

const p = (spec: string): RolePermission[] =>
  spec
    .split(/\s+/)
    .filter(Boolean)
    .map((s) => {
      const [resourceType, action] = s.split(':') as [RolePermission['resourceType'], RolePermission['action']];
      return { resourceType, action, resourceId: null };
    });

/**
 * The roles every new project starts with (docs/decisions.md "Projects"): they are the project's
 * own (roles.scope_type 'project'), so a person given one holds it on this project only.
 */
export const DEFAULT_PROJECT_ROLES: Array<{ name: string; permissions: RolePermission[] }> = [
  { name: 'Project Manager', permissions: p('projects:manage tasks:manage productions:manage files:manage') },
  { name: 'Field', permissions: p('projects:view productions:manage tasks:view files:view') },
  { name: 'Viewer', permissions: p('projects:view') },
];

export async function createDefaultProjectRoles(db: Executor, projectId: number, now: string) {
  await db
    .insertInto('roles')
    .values(
      DEFAULT_PROJECT_ROLES.map((r) => ({
        scope_type: 'project',
        scope_id: projectId,
        name: r.name,
        is_default: 1,
        assignable: 1,
        permissions: JSON.stringify(r.permissions),
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
