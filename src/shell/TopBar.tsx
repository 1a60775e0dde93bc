import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Chip, IconButton, Toolbar, Typography } from '@mui/material';
import { useSession } from '../session/useSession';
import { CompanySwitcher } from './CompanySwitcher';
import { UserMenu } from './UserMenu';

/** Light toolbar: navigation toggle on phones, company switcher, role name, plan badge, account menu. */
export function TopBar({ onMenu }: { onMenu: () => void }) {
  const { activeMembership } = useSession();
  const plan = activeMembership?.company.plan;
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <IconButton edge="start" aria-label="Open navigation" onClick={onMenu} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flex: 1 }} />
        <CompanySwitcher />
        {activeMembership && (
          <Typography variant="body2" color="text.secondary" data-testid="toolbar-role" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {activeMembership.role.name}
          </Typography>
        )}
        {plan && (
          <Chip
            size="small"
            label={plan === 'free' ? 'Upgrade' : 'Paid'}
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
