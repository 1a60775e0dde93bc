import { useMemo } from 'react';
import type { ResourceDef } from '../../resources/engine';
import { allows } from '../../permissions';
import { useSession } from '../session/useSession';
import { resourceMeta } from './resource-meta';

/** What a resource page needs from the session: its API paths and whether the user may change rows. */
export function useResource(def: ResourceDef) {
  const { activeMembership, profile } = useSession();
  const companyId = activeMembership?.companyId ?? null;
  return useMemo(
    () => ({
      companyId,
      meta: resourceMeta(def, companyId),
      canManage: allows(profile, def.permissions.manage),
    }),
    [def, companyId, profile],
  );
}
