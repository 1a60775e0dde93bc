import { holds, type AccessProfile } from '../../../permissions';
import { useSession } from '../../session/useSession';

/**
 * The caller's standing in the company a page shows, which need not be the active company: the
 * server judges company pages by the role held there, and so does the page.
 */
export function useCompanyAccess(companyId: number) {
  const { user } = useSession();
  const membership = user?.memberships.find((m) => m.companyId === companyId) ?? null;
  const profile: AccessProfile | null =
    user && membership
      ? {
          signedIn: true,
          hasMembership: true,
          roleName: membership.role.name,
          inCrew: membership.inCrew,
          rolePermissions: membership.role.permissions,
          selfPermissions: user.selfPermissions,
        }
      : null;
  const canManage = !!profile && holds(profile, 'companies:manage');
  /** API tokens and webhooks: integrations:manage in this company. */
  const canManageIntegrations = !!profile && holds(profile, 'integrations:manage');
  return { membership, canManage, canManageIntegrations, profile };
}
