import { useMemo } from 'react';
import { resolveQuickSettings, type QuickSettings } from '../../resources/quick-panel';
import { useSession } from '../session/useSession';

/** The signed-in user's quick settings (their defaults until changed), as the session holds them. */
export function useQuickSettings(): QuickSettings {
  const { user } = useSession();
  const stored = user?.settings.quickSettings;
  return useMemo(() => resolveQuickSettings(stored), [stored]);
}
