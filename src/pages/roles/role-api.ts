import type { RoleView } from '../../../resources/role';

export type Role = RoleView;

/** Refine meta for a company's roles: the list at .../all, one role at .../:id. */
export const rolesMeta = (companyId: number | string) => ({
  path: `roles/company/${companyId}`,
  itemPath: `roles/company/${companyId}/:id`,
});

export const allRolesPath = (companyId: number | string) => `roles/company/${companyId}/all`;
export const assignableRolesPath = (companyId: number | string) => `roles/company/${companyId}/assignable`;

export const ROLE_MESSAGES = { created: 'Role Created', saved: 'Role Saved', deleted: 'Role Deleted' } as const;

/** The Owner role holds everything and cannot be changed (the server refuses it too). */
export const isOwner = (role: Pick<Role, 'isDefault' | 'name'>) => role.isDefault && role.name === 'Owner';
