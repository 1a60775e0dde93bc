import { holds } from '../../../permissions';
import { useSession } from '../../session/useSession';

/**
 * The caller's standing in the company a page shows, which need not be the active company: the
 * server judges company pages by the role held there, and so does the page.
 */
export function useCompanyAccess(companyId: number) {
  const { user } = useSession();
  const membership = user?.memberships.find((m) => m.companyId === companyId) ?? null;
  const canManage =
    !!user &&
    !!membership &&
    holds(
      {
        signedIn: true,
        hasMembership: true,
        roleName: membership.role.name,
        inCrew: membership.inCrew,
        rolePermissions: membership.role.permissions,
        selfPermissions: user.selfPermissions,
      },
      'companies:manage',
    );
  return { membership, canManage };
}
