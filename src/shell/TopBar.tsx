import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Chip, IconButton, Toolbar, Typography, useTheme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../session/useSession';
import { CompanySwitcher } from './CompanySwitcher';
import { UserMenu } from './UserMenu';

/** Toolbar (light by default): navigation toggle on phones, company switcher, role name, plan badge, account menu. */
export function TopBar({ onMenu }: { onMenu: () => void }) {
  const { activeMembership } = useSession();
  const bar = useTheme().fieldwork.toolbar;
  const plan = activeMembership?.company.plan;
  return (
    <AppBar position="sticky" elevation={0} sx={{ bgcolor: bar.background, color: bar.text, borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <IconButton edge="start" aria-label="Open navigation" onClick={onMenu} sx={{ display: { md: 'none' }, color: 'inherit' }}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flex: 1 }} />
        <CompanySwitcher />
        {activeMembership && (
          <Typography variant="body2" data-testid="toolbar-role" sx={{ display: { xs: 'none', sm: 'block' }, color: bar.muted }}>
            {activeMembership.role.name}
          </Typography>
        )}
        {plan && (
          <Chip
            component={RouterLink}
            to="/subscription"
            clickable
            size="small"
            label={plan === 'free' ? 'Upgrade' : 'Paid'}
            aria-label={plan === 'free' ? 'Upgrade: see the subscription' : 'Paid plan: see the subscription'}
            color={plan === 'free' ? 'secondary' : 'success'}
            variant={plan === 'free' ? 'filled' : 'outlined'}
            data-testid="plan-badge"
          />
        )}
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
