import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import WorkOutline from '@mui/icons-material/WorkOutline';
import { Alert, Badge, BottomNavigation, BottomNavigationAction, Box, LinearProgress, Paper } from '@mui/material';
import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useOutbox } from '../../offline/use-outbox';
import { useOnline } from './useOnline';

const TABS = [
  { to: '/projects-list', label: 'Projects', icon: <WorkOutline />, match: ['/projects-list', '/project-board', '/damages'] },
  { to: '/logs', label: 'Check in', icon: <PlaceOutlined />, match: ['/logs'] },
  { to: '/productions', label: 'Production', icon: <AssignmentOutlined />, match: ['/productions'] },
  { to: '/outbox', label: 'Waiting', icon: <CloudUploadOutlined />, match: ['/outbox'] },
];

const KEEP_EVERY_MS = 2 * 60_000;

/** Keeps the day's data on the phone now and whenever the connection returns, at most every two minutes. */
function useKeptForToday(online: boolean): boolean {
  const [kept, setKept] = useState(false);
  useEffect(() => {
    // Kept data helps only where the app itself opens without signal: a browser with service workers.
    if (!online || !('serviceWorker' in navigator)) return;
    let live = true;
    const keep = () =>
      void import('../data/prefetch-today').then(async (m) => {
        const last = m.lastKeptAt();
        if (last && Date.now() - last < KEEP_EVERY_MS) return live && setKept(true);
        if ((await m.prefetchToday()) && live) setKept(true);
      });
    keep();
    return () => {
      live = false;
    };
  }, [online]);
  return kept;
}

/** One task per screen above, the four places of a crew's day below, thumb-reachable. */
export function MobileShell() {
  const { pathname } = useLocation();
  const { waiting } = useOutbox();
  const online = useOnline();
  const kept = useKeptForToday(online);
  const current = TABS.findIndex((t) => t.match.some((m) => pathname === m || pathname.startsWith(`${m}/`)));
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      {!online && (
        <Alert severity="warning" variant="filled" sx={{ borderRadius: 0, py: 0 }} role="status">
          No connection: what you save waits on this phone and is sent when the connection returns.
        </Alert>
      )}
      <Box component="main" data-kept-offline={kept ? 'yes' : 'no'} sx={{ flex: 1, pb: 'calc(72px + env(safe-area-inset-bottom))', minWidth: 0 }}>
        <Suspense fallback={<LinearProgress aria-label="Loading" />}>
          <Outlet />
        </Suspense>
      </Box>
      <Paper component="nav" aria-label="Main" square elevation={8} sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, pb: 'env(safe-area-inset-bottom)', zIndex: 1100, borderTop: 1, borderColor: 'divider' }}>
        <BottomNavigation showLabels value={current === -1 ? false : current} sx={{ height: 64 }}>
          {TABS.map((tab) => (
            <BottomNavigationAction
              key={tab.to}
              component={Link}
              to={tab.to}
              label={tab.label}
              aria-label={tab.to === '/outbox' && waiting ? `Waiting: ${waiting}` : tab.label}
              icon={
                tab.to === '/outbox' ? (
                  <Badge badgeContent={waiting} color="error" max={99}>
                    {tab.icon}
                  </Badge>
                ) : (
                  tab.icon
                )
              }
            />
          ))}
        </BottomNavigation>
      </Paper>
    </Box>
  );
}
