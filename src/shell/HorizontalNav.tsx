import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import { Box, Button, Menu, MenuItem, Typography, useTheme } from '@mui/material';
import { useMemo, useState } from 'react';
import { NavLink } from 'react-router';
import { navigationFor, type VisibleNavGroup } from '../../permissions';
import { useSession } from '../session/useSession';
import { isAvailable } from './available-screens';

function GroupMenu({ group, color }: { group: VisibleNavGroup; color: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        onClick={(e) => setAnchor(e.currentTarget)}
        endIcon={<KeyboardArrowDown />}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        sx={{ color, textTransform: 'none', flexShrink: 0 }}
      >
        {group.title}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {group.items.map((item) => (
          <MenuItem key={item.id} component={NavLink} to={`/${item.url}`} onClick={() => setAnchor(null)}>
            {item.title}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The navigation as a bar of links and group menus, for the two horizontal layouts (wide screens only). */
export function HorizontalNav() {
  const { profile } = useSession();
  const nav = useMemo(() => navigationFor(profile, isAvailable), [profile]);
  const bar = useTheme().fieldwork.navbar;
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      data-tour="navigation"
      sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5, px: 2, py: 0.5, bgcolor: bar.background, color: bar.text, overflowX: 'auto', borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography variant="h6" fontWeight={800} sx={{ mr: 2, flexShrink: 0 }}>
        Fieldwork
      </Typography>
      {nav.top.map((item) => (
        <Button
          key={item.id}
          component={NavLink}
          to={`/${item.url}`}
          sx={{ color: bar.text, textTransform: 'none', flexShrink: 0, '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText' } }}
        >
          {item.title}
        </Button>
      ))}
      {nav.groups.map((group) => (
        <GroupMenu key={group.id} group={group} color={bar.text} />
      ))}
    </Box>
  );
}
