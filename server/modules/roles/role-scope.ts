import { z } from 'zod';
import { ROLE_SCOPE_TYPES, type RoleScopeType } from '../../../resources/role.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { membershipIn, requirePermissionIn } from '../../http/company-access.js';
import { notFound } from '../../http/errors.js';

export const roleScopeParams = z.object({
  scopeType: z.enum(ROLE_SCOPE_TYPES),
  scopeId: z.coerce.number().int().positive(),
});

export const roleParams = roleScopeParams.extend({ id: z.coerce.number().int().positive() });

export interface RoleScope {
  scopeType: RoleScopeType;
  scopeId: number;
}

/**
 * Checks the actor may read (no permission given) or change the roles of the scope, and answers
 * the company whose audit trail records the change.
 */
export async function enterRoleScope(services: { db: Executor }, actor: Actor, scope: RoleScope, permission?: string): Promise<number> {
  // Projects arrive in a later area; until then no project exists to hold roles.
  if (scope.scopeType === 'project') throw notFound('Project');
  if (permission) await requirePermissionIn(services, actor, scope.scopeId, permission);
  else await membershipIn(services, actor, scope.scopeId);
  return scope.scopeId;
}
