import { useMemo } from 'react';
import { navigationFor } from '../../permissions';
import { useSession } from '../session/useSession';
import { isAvailable } from './available-screens';
import { flattenNavigation, type NavEntry } from './navigation-search';

/** The navigation entries this user can reach now (their role in the active company, the screens built). */
export function useReachableNavigation(): NavEntry[] {
  const { profile } = useSession();
  return useMemo(() => flattenNavigation(navigationFor(profile, isAvailable)), [profile]);
}
