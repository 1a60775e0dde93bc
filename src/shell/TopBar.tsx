import MenuIcon from '@mui/icons-material/Menu';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { AppBar, Box, Chip, IconButton, Toolbar, Tooltip, Typography, useTheme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../session/useSession';
import { ChatToolbarButton } from './chat/ChatToolbarButton';
import { CompanySwitcher } from './CompanySwitcher';
import { NavigationSearch } from './NavigationSearch';
import { NotificationsMenu } from './notifications/NotificationsMenu';
import { useShellPanels } from './panels';
import { QuickPanelButton } from './quick-panel/QuickPanelButton';
import { ToolbarMore } from './ToolbarMore';
import { ToolbarShortcuts } from './ToolbarShortcuts';
import { UserMenu } from './UserMenu';

/**
 * Toolbar (light by default): navigation toggle on phones, navigation search, shortcuts, company
 * switcher, role name, plan badge, settings, account menu. On phones every target is 40 px or more and
 * the less used buttons go into the More menu. `publicView` (public dashboards, spec 01 §2) leaves
 * out the shortcuts, the search and the notifications.
 */
export function TopBar({ onMenu, publicView = false }: { onMenu: () => void; publicView?: boolean }) {
  const { activeMembership } = useSession();
  const panels = useShellPanels();
  const bar = useTheme().fieldwork.toolbar;
  const plan = activeMembership?.company.plan;
  return (
    <AppBar position="sticky" elevation={0} sx={{ bgcolor: bar.background, color: bar.text, borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1, md: 1.5 }, px: { xs: 1, sm: 2 } }}>
        <IconButton aria-label="Open navigation" onClick={onMenu} data-tour="navigation" sx={{ display: { md: 'none' }, color: 'inherit' }}>
          <MenuIcon />
        </IconButton>
        {!publicView && <NavigationSearch />}
        {!publicView && <ToolbarShortcuts />}
        <Box sx={{ flex: 1 }} />
        <CompanySwitcher />
        {activeMembership && (
          <Typography variant="body2" data-testid="toolbar-role" sx={{ display: { xs: 'none', sm: 'block' }, color: bar.muted }}>
            {activeMembership.role.name}
          </Typography>
        )}
        {plan && (
          // The link is the 40 px touch target; the chip inside keeps the look of a small badge.
          <Box
            component={RouterLink}
            to="/subscription"
            aria-label={plan === 'free' ? 'Upgrade: see the subscription' : 'Paid plan: see the subscription'}
            data-testid="plan-badge"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              minHeight: 40,
              minWidth: 40,
              flexShrink: 0,
              borderRadius: 1,
              textDecoration: 'none',
              '&:hover .MuiChip-root': { filter: 'brightness(0.93)' },
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <Chip
              size="small"
              label={plan === 'free' ? 'Upgrade' : 'Paid'}
              color={plan === 'free' ? 'secondary' : 'success'}
              variant={plan === 'free' ? 'filled' : 'outlined'}
              sx={{ cursor: 'pointer' }}
            />
          </Box>
        )}
        {!publicView && <ChatToolbarButton />}
        {!publicView && <QuickPanelButton />}
        {!publicView && <NotificationsMenu />}
        <Tooltip title="Settings (Alt+S)">
          <IconButton
            aria-label="Settings"
            aria-keyshortcuts="Alt+S"
            aria-expanded={panels.open === 'settings'}
            onClick={() => panels.toggle('settings')}
            data-tour="settings"
            sx={{ display: { xs: 'none', sm: 'inline-flex' }, color: 'inherit' }}
          >
            <SettingsOutlined />
          </IconButton>
        </Tooltip>
        <ToolbarMore publicView={publicView} />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
