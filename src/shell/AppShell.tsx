import { Box, Drawer } from '@mui/material';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { NAVBAR_WIDTH } from '../theme';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

/** Side navigation (a drawer on phones), toolbar, and the page. */
export function AppShell() {
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: NAVBAR_WIDTH, border: 0 } }}
      >
        <SideNav onNavigate={() => setMobileOpen(false)} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, width: NAVBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: NAVBAR_WIDTH, border: 0 } }}
      >
        <SideNav />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar onMenu={() => setMobileOpen(true)} />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
