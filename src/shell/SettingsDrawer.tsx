import Close from '@mui/icons-material/Close';
import { Box, CircularProgress, IconButton, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useSession } from '../session/useSession';
import { useShellPanels } from './panels';
import { ShellDrawer } from './ShellDrawer';

const DisplaySettingsPanel = lazy(() => import('../pages/profile/DisplaySettingsPanel').then((m) => ({ default: m.DisplaySettingsPanel })));

/** Spec 02 §9: the settings drawer is 380 px wide. */
export const SETTINGS_DRAWER_WIDTH = 380;

/**
 * The settings drawer (spec 01 §2: layout and theme), on the right, from the toolbar's Settings button
 * or Alt+S. The page stays uncovered so the draft look shows on it as it is chosen.
 */
export function SettingsDrawer() {
  const { close } = useShellPanels();
  const { user } = useSession();
  return (
    <ShellDrawer panel="settings" label="Settings" width={SETTINGS_DRAWER_WIDTH}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Settings
        </Typography>
        <IconButton aria-label="Close settings" onClick={close}>
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, overflowY: 'auto' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Your own look of Fieldwork, on every device and in every company. Changes show at once; save to keep them.
        </Typography>
        {user && (
          <Suspense fallback={<CircularProgress size={24} aria-label="Loading" />}>
            <DisplaySettingsPanel user={user} compact />
          </Suspense>
        )}
      </Box>
    </ShellDrawer>
  );
}
