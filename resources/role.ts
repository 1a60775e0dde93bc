import { z } from 'zod';
import { text } from './text.js';
import { ACTIONS, ANY, canonicalResourceType, RESOURCE_TYPE_ALIAS_NAMES, RESOURCE_TYPES, type RolePermission } from '../permissions/index.js';

export const ROLE_MESSAGES = {
  name: 'Role name is required',
  nameLength: 'Role name must be at most 60 characters',
} as const;

export const rolePermission = z.object({
  // The spec's names are taken too and stored as ours (permissions/catalog.ts).
  resourceType: z.enum([...RESOURCE_TYPES, ANY, ...RESOURCE_TYPE_ALIAS_NAMES]).transform(canonicalResourceType),
  action: z.enum([...ACTIONS, ANY]),
  resourceId: text().trim().min(1).max(60).nullable().optional(),
});

export const roleName = text({ error: ROLE_MESSAGES.name }).trim().min(1, ROLE_MESSAGES.name).max(60, ROLE_MESSAGES.nameLength);

export const createRoleBody = z.object({
  name: roleName,
  permissions: z.array(rolePermission).max(200),
});
export type CreateRoleInput = z.output<typeof createRoleBody>;

export const updateRoleBody = createRoleBody.partial().strict();
export type UpdateRoleInput = z.output<typeof updateRoleBody>;

/** A role as every roles call answers it. */
export interface RoleView {
  id: number;
  name: string;
  /** The company of a company-scoped role, else null. */
  companyId: number | null;
  scopeType: string;
  scopeId: number;
  isDefault: boolean;
  assignable: boolean;
  permissions: RolePermission[];
}
