import type { AccessControlProvider } from '@refinedev/core';
import { defineAbilityFor } from '../../permissions';
import { profileFromUser } from '../session/profile';
import type { SessionUser } from '../session/types';

/**
 * Refine asks `can(resource, action)`; the answer comes from the same CASL rules the server enforces.
 * The identity is read from Refine's cache through the getter the app passes in.
 */
export function accessControlProvider(currentUser: () => SessionUser | null): AccessControlProvider {
  return {
    can: async ({ resource, action }) => {
      const ability = defineAbilityFor(profileFromUser(currentUser()));
      const refineToOurs: Record<string, string> = { list: 'view', show: 'view', create: 'manage', edit: 'manage', delete: 'manage' };
      const can = !!resource && ability.can(refineToOurs[action] ?? action, resource);
      return { can, reason: can ? undefined : 'You do not have the necessary permissions to perform this action.' };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
