import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { Box, List, ListItemButton, ListItemText, ListSubheader, Typography, useTheme } from '@mui/material';
import { useMemo } from 'react';
import { NavLink } from 'react-router';
import { navigationFor } from '../../permissions';
import { useSession } from '../session/useSession';
import { isAvailable } from './available-screens';

export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { profile, activeMembership } = useSession();
  const nav = useMemo(() => navigationFor(profile, isAvailable), [profile]);
  const bar = useTheme().fieldwork.navbar;
  const linkSx = {
    color: bar.text,
    opacity: 0.9,
    borderRadius: 1,
    mx: 1,
    '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText', opacity: 1 },
    '&:hover': { bgcolor: bar.hover },
  };
  return (
    <Box component="nav" aria-label="Main navigation" sx={{ bgcolor: bar.background, color: bar.text, height: '100%', overflowY: 'auto' }}>
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography variant="h6" fontWeight={800}>
          Fieldwork
        </Typography>
        {activeMembership && (
          <Typography variant="caption" sx={{ color: bar.muted }} data-testid="nav-role">
            {activeMembership.company.name} · {activeMembership.role.name}
          </Typography>
        )}
      </Box>
      <List dense>
        {nav.top.map((item) => (
          <ListItemButton key={item.id} component={NavLink} to={`/${item.url}`} sx={linkSx} onClick={onNavigate}>
            {item.id === 'dashboard' && <DashboardOutlined fontSize="small" sx={{ mr: 1.5 }} />}
            <ListItemText primary={item.title} />
          </ListItemButton>
        ))}
      </List>
      {nav.groups.map((group) => (
        <List
          key={group.id}
          dense
          subheader={
            <ListSubheader component="div" sx={{ bgcolor: 'transparent', color: bar.muted, lineHeight: '32px' }}>
              {group.title}
            </ListSubheader>
          }
        >
          {group.items.map((item) => (
            <ListItemButton key={item.id} component={NavLink} to={`/${item.url}`} sx={linkSx} onClick={onNavigate}>
              <ListItemText primary={item.title} />
            </ListItemButton>
          ))}
        </List>
      ))}
    </Box>
  );
}
