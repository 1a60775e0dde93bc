import { useInvalidateAuthStore } from '@refinedev/core';
import { useMemo, useRef, useState } from 'react';
import { apiFetch } from '../api/http';
import { useSession } from '../session/useSession';
import type { NavEntry } from './navigation-search';
import { useReachableNavigation } from './reachable-navigation';

/**
 * The user's starred screens (spec 01 §2: a list of navigation ids saved to the user). A star shows
 * at once and is saved with PATCH /users/me/shortcuts; ids the user can no longer reach stay saved
 * (they come back with the access) but are never shown.
 */
export function useShortcuts() {
  const { user } = useSession();
  const reachable = useReachableNavigation();
  const refreshSession = useInvalidateAuthStore();
  const [pending, setPending] = useState<string[] | null>(null);
  const inFlight = useRef(0);
  const ids = pending ?? user?.shortcuts ?? [];

  const shortcuts = useMemo(
    () => ids.map((id) => reachable.find((e) => e.id === id)).filter((e): e is NavEntry => !!e),
    [ids, reachable],
  );

  const toggle = async (id: string) => {
    const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
    setPending(next);
    inFlight.current += 1;
    try {
      await apiFetch('/users/me/shortcuts', { method: 'PATCH', body: { shortcuts: next } });
      await refreshSession();
    } catch {
      // The error dialog has told the user; the session still holds what was saved.
    } finally {
      inFlight.current -= 1;
      if (inFlight.current === 0) setPending(null);
    }
  };

  return { shortcuts, isStarred: (id: string) => ids.includes(id), toggle, reachable };
}
