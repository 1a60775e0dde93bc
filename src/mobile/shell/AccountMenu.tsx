import AccountCircle from '@mui/icons-material/AccountCircle';
import Check from '@mui/icons-material/Check';
import { Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { setTabCompanyId } from '../../session/active-company';
import { signOut, useOptionalMobileSession } from '../session';

/** Who is signed in and in which company, the company switch, the full site and signing out. */
export function AccountMenu() {
  const session = useOptionalMobileSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!session) return null;
  const { user, membership } = session;
  const switchTo = (companyId: number) => {
    setTabCompanyId(companyId);
    window.location.assign('/app-mobile/projects-list');
  };
  return (
    <>
      <IconButton color="inherit" aria-label="Account" aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <AccountCircle />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': 'Account' } }}>
        <MenuItem disabled sx={{ opacity: '1 !important', minHeight: 48 }}>
          <ListItemText primary={user.name} secondary={user.email} />
        </MenuItem>
        <Divider />
        {user.memberships.map((m) => (
          <MenuItem key={m.companyId} selected={m.companyId === membership.companyId} onClick={() => switchTo(m.companyId)} sx={{ minHeight: 48 }}>
            <ListItemIcon>{m.companyId === membership.companyId && <Check />}</ListItemIcon>
            <ListItemText primary={m.company.name} secondary={m.role.name} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem component="a" href="/app/dashboard" sx={{ minHeight: 48 }}>
          Open the full site
        </MenuItem>
        <MenuItem onClick={signOut} sx={{ minHeight: 48 }}>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
