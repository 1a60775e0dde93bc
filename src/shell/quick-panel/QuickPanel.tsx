import Close from '@mui/icons-material/Close';
import { Alert, Box, Button, CircularProgress, Divider, IconButton, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { QuickPanelData } from '../../../resources/quick-panel';
import type { ApiError } from '../../api/http';
import { useSession } from '../../session/useSession';
import { useKeepFocusIn } from '../keep-focus';
import { useShellPanels } from '../panels';
import { ShellDrawer } from '../ShellDrawer';
import { NotesSection } from './NotesSection';
import { fetchQuickPanel, localDay } from './quick-panel-api';
import { QuickSettingsList } from './QuickSettingsList';

/** Spec 02 §9: the quick panel is 280 px wide (the whole width on a phone). */
export const QUICK_PANEL_WIDTH = 280;

/** Event urls are the app's (/app/tasks/12); the router's paths start below /app. */
const inApp = (url: string) => url.replace(/^\/app(?=\/)/, '');

/**
 * The quick panel (spec 02 §1): today's date, the day's events, the user's notes and three quick
 * settings. Read again each time it opens, for the user's own day.
 */
export default function QuickPanel() {
  const panels = useShellPanels();
  const open = panels.open === 'quick';
  useKeepFocusIn('quick-panel', open);
  const { activeMembership } = useSession();
  const companyId = activeMembership?.companyId ?? null;
  const [data, setData] = useState<QuickPanelData | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    setError(null);
    fetchQuickPanel(localDay(), abort.signal)
      .then(setData)
      .catch((err) => {
        if ((err as Error).name !== 'AbortError') setError(err as ApiError);
      });
    return () => abort.abort();
  }, [open, companyId, attempt]);

  const today = new Date().toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  return (
    <ShellDrawer panel="quick" id="quick-panel" label="Quick panel" width={QUICK_PANEL_WIDTH}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="overline" component="h2" sx={{ lineHeight: 1.5 }}>
            Today
          </Typography>
          <Typography variant="subtitle1" data-testid="quick-panel-date">
            {today}
          </Typography>
        </Box>
        <IconButton aria-label="Close quick panel" onClick={panels.close}>
          <Close />
        </IconButton>
      </Box>
      {error && !data ? (
        <Alert severity="error" sx={{ m: 2 }} action={<Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>Retry</Button>}>
          The quick panel could not be loaded: {error.message}
        </Alert>
      ) : !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} aria-label="Loading the quick panel" />
        </Box>
      ) : (
        <Box sx={{ overflowY: 'auto' }}>
          <Box component="section" aria-labelledby="quick-events-heading">
            <Typography id="quick-events-heading" variant="overline" component="h3" sx={{ display: 'block', px: 2, pt: 2 }}>
              Events
            </Typography>
            {data.events.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
                Nothing on the calendar today.
              </Typography>
            ) : (
              <List dense aria-label="Events">
                {data.events.map((e) => (
                  <ListItemButton key={e.id} component={RouterLink} to={inApp(e.url)} onClick={panels.close}>
                    <ListItemText primary={e.title} secondary={e.detail} />
                  </ListItemButton>
                ))}
                {data.moreEvents > 0 && (
                  <ListItemButton component={RouterLink} to="/calendar" onClick={panels.close}>
                    <ListItemText primary={`${data.moreEvents} more in the calendar`} />
                  </ListItemButton>
                )}
              </List>
            )}
          </Box>
          <Divider />
          <NotesSection notes={data.notes} onChange={(notes) => setData({ ...data, notes })} />
          <Divider />
          <QuickSettingsList initial={data.settings} />
        </Box>
      )}
    </ShellDrawer>
  );
}
