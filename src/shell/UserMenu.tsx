import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import TourOutlined from '@mui/icons-material/TourOutlined';
import { Avatar, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/useSession';
import { useShellCommands } from './shell-commands';

export function UserMenu() {
  const { user, activeMembership } = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { startTour, setHelpOpen } = useShellCommands();
  if (!user) return null;
  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label="Account menu" aria-haspopup="menu" data-tour="account">
        <Avatar src={user.avatarUrl ?? undefined} sx={{ width: 32, height: 32, bgcolor: 'secondary.main' }}>
          {user.name.slice(0, 1).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem disabled sx={{ opacity: '1 !important', display: 'block' }}>
          <Typography fontWeight={600}>{user.name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {user.email}
          </Typography>
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => go('/profile')}>
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem onClick={() => go('/subscription')}>
          <ListItemIcon>
            <CardMembershipOutlined fontSize="small" />
          </ListItemIcon>
          Subscription
        </MenuItem>
        <MenuItem onClick={() => go('/companies')}>
          <ListItemIcon>
            <BusinessOutlined fontSize="small" />
          </ListItemIcon>
          Companies
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            startTour();
          }}
        >
          <ListItemIcon>
            <TourOutlined fontSize="small" />
          </ListItemIcon>
          Take the tour
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setHelpOpen(true);
          }}
        >
          <ListItemIcon>
            <KeyboardOutlined fontSize="small" />
          </ListItemIcon>
          Keyboard shortcuts
        </MenuItem>
        <Divider />
        {activeMembership && <MenuItem onClick={() => go(`/companies/${activeMembership.companyId}`)}>Company</MenuItem>}
        <MenuItem onClick={() => go('/register/company')}>Create another company</MenuItem>
        <MenuItem onClick={() => go('/logout')}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
