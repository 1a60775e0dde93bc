import { useInvalidateAuthStore } from '@refinedev/core';
import { useTheme } from '@mui/material';
import { useState } from 'react';
import { apiFetch } from '../api/http';
import { NAVBAR_WIDTH } from '../theme';

/** Spec 02 §9: the navbar is 280 px wide, 64 px folded. */
export const NAVBAR_OPEN_WIDTH = NAVBAR_WIDTH;
export const FOLDED_NAVBAR_WIDTH = 64;

/**
 * The navbar's fold, a display setting of the user's own (layout.navbarFolded): the toggle folds at
 * once and saves it with the rest of the layout.
 */
export function useNavbarFold() {
  const { layout } = useTheme().fieldwork;
  const refreshSession = useInvalidateAuthStore();
  const [override, setOverride] = useState<boolean | null>(null);
  const folded = override ?? layout.navbarFolded;
  const toggle = async () => {
    const next = !folded;
    setOverride(next);
    try {
      await apiFetch('/users/me', { method: 'PATCH', body: { settings: { layout: { ...layout, navbarFolded: next } } } });
      await refreshSession();
    } catch {
      // The error dialog has said why; the saved fold comes back.
    } finally {
      setOverride(null);
    }
  };
  return { folded, toggle };
}
