import ArrowBack from '@mui/icons-material/ArrowBack';
import { AppBar, IconButton, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AccountMenu } from './AccountMenu';

/**
 * The top of a screen: its title (the page's one h1) and, below the bottom navigation's own
 * screens, the way back: to `back`, or where the crew came from. The bottom navigation's own
 * screens carry the account menu instead.
 */
export function ScreenHeader({ title, back, actions }: { title: string; back?: string; actions?: ReactNode }) {
  const navigate = useNavigate();
  // 'default' is the first entry: opened from a link, there is no history to go back through.
  const canGoBack = useLocation().key !== 'default';
  return (
    <AppBar position="sticky" color="secondary" elevation={0}>
      <Toolbar sx={{ minHeight: 56, gap: 0.5, px: 1 }}>
        {back !== undefined && (
          <IconButton color="inherit" aria-label="Back" onClick={() => (canGoBack ? navigate(-1) : navigate(back, { replace: true }))}>
            <ArrowBack />
          </IconButton>
        )}
        <Typography variant="h1" component="h1" noWrap sx={{ flex: 1, fontSize: '1.25rem', pl: back === undefined ? 1 : 0 }}>
          {title}
        </Typography>
        {actions}
        {back === undefined && <AccountMenu />}
      </Toolbar>
    </AppBar>
  );
}
