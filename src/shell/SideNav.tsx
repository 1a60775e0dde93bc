import Menu from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import { Box, IconButton, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Tooltip, Typography, useTheme } from '@mui/material';
import { useMemo } from 'react';
import { NavLink } from 'react-router';
import { navigationFor } from '../../permissions';
import { useSession } from '../session/useSession';
import { isAvailable } from './available-screens';
import { NavIcon } from './nav-icons';
import { FOLDED_NAVBAR_WIDTH, NAVBAR_OPEN_WIDTH } from './navbar-fold';

/**
 * The vertical navigation. Folded (spec 02 §4 "navbar folded, folded-open") it shows icons only at
 * 64 px and opens to 280 px over the page while the pointer or the keyboard focus is in it.
 */
export function SideNav({ onNavigate, folded = false, onToggleFold }: { onNavigate?: () => void; folded?: boolean; onToggleFold?: () => void }) {
  const { profile, activeMembership } = useSession();
  const nav = useMemo(() => navigationFor(profile, isAvailable), [profile]);
  const bar = useTheme().fieldwork.navbar;
  const linkSx = {
    color: bar.text,
    opacity: 0.9,
    borderRadius: 1,
    mx: 1,
    px: 1.5,
    minHeight: 40,
    '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText', opacity: 1 },
    '&:hover': { bgcolor: bar.hover },
  };
  const iconSx = { minWidth: 36, color: 'inherit' };
  // A folded navbar stays open while it holds the focus; a mouse click should let it fold back.
  const onClick = (e: React.MouseEvent<HTMLElement>) => {
    if (folded && e.detail > 0) e.currentTarget.blur();
    onNavigate?.();
  };
  const closed = '&.folded:not(:hover):not(:focus-within)';
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      data-tour="navigation"
      className={folded ? 'folded' : undefined}
      sx={{
        bgcolor: bar.background,
        color: bar.text,
        height: '100%',
        width: folded ? FOLDED_NAVBAR_WIDTH : '100%',
        overflowY: 'auto',
        overflowX: 'hidden',
        scrollbarColor: `${bar.muted} transparent`,
        '&::-webkit-scrollbar-thumb': { backgroundColor: bar.muted },
        '&.folded': { transition: 'width 150ms ease 150ms, box-shadow 150ms ease 150ms' },
        '&.folded:hover, &.folded:focus-within': { width: NAVBAR_OPEN_WIDTH, boxShadow: 8 },
        [`${closed} .nav-subheader`]: { visibility: 'hidden', lineHeight: '8px' },
        [`${closed} .nav-brand`]: { visibility: 'hidden' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: onToggleFold ? 1.25 : 2.5, pr: 1, py: 1.5, minHeight: 64 }}>
        {onToggleFold && (
          <Tooltip title={folded ? 'Unfold navigation' : 'Fold navigation'} placement="right">
            <IconButton onClick={onToggleFold} aria-label={folded ? 'Unfold navigation' : 'Fold navigation'} sx={{ color: bar.text }}>
              {folded ? <Menu /> : <MenuOpen />}
            </IconButton>
          </Tooltip>
        )}
        <Box className="nav-brand" sx={{ minWidth: 0, whiteSpace: 'nowrap' }}>
          <Typography variant="h6" fontWeight={800} lineHeight={1.3}>
            Fieldwork
          </Typography>
          {activeMembership && (
            <Typography variant="caption" noWrap component="div" sx={{ color: bar.muted }} data-testid="nav-role">
              {activeMembership.company.name} · {activeMembership.role.name}
            </Typography>
          )}
        </Box>
      </Box>
      <List dense>
        {nav.top.map((item) => (
          <ListItemButton key={item.id} component={NavLink} to={`/${item.url}`} sx={linkSx} onClick={onClick}>
            <ListItemIcon sx={iconSx}>
              <NavIcon id={item.id} />
            </ListItemIcon>
            <ListItemText primary={item.title} slotProps={{ primary: { noWrap: true } }} />
          </ListItemButton>
        ))}
      </List>
      {nav.groups.map((group) => (
        <List
          key={group.id}
          dense
          subheader={
            <ListSubheader className="nav-subheader" component="div" sx={{ bgcolor: 'transparent', color: bar.muted, lineHeight: '32px', whiteSpace: 'nowrap' }}>
              {group.title}
            </ListSubheader>
          }
        >
          {group.items.map((item) => (
            <ListItemButton key={item.id} component={NavLink} to={`/${item.url}`} sx={linkSx} onClick={onClick}>
              <ListItemIcon sx={iconSx}>
                <NavIcon id={item.id} />
              </ListItemIcon>
              <ListItemText primary={item.title} slotProps={{ primary: { noWrap: true } }} />
            </ListItemButton>
          ))}
        </List>
      ))}
    </Box>
  );
}
