import { Box, Drawer, useTheme } from '@mui/material';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { NAVBAR_WIDTH } from '../theme';
import { HorizontalNav } from './HorizontalNav';
import { SideNav } from './SideNav';
import { ShellPanelsProvider } from './panels';
import { TopBar } from './TopBar';

/**
 * Navigation, toolbar and the page, arranged by the user's layout: layout1 puts the navigation on the
 * side, layout2 below the toolbar, layout3 above it. Phones always get the navigation as a drawer.
 */
export function AppShell() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const { layout } = useTheme().fieldwork;
  const vertical = layout.style === 'layout1';
  return (
    <RealtimeProvider>
    <ShellPanelsProvider>
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
      {vertical && (
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' }, width: NAVBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: NAVBAR_WIDTH, border: 0 } }}
        >
          <SideNav />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {layout.style === 'layout3' && <HorizontalNav />}
        <TopBar onMenu={() => setMobileOpen(true)} />
        {layout.style === 'layout2' && <HorizontalNav />}
        <Box
          component="main"
          sx={{ flex: 1, p: { xs: 2, md: 3 }, width: '100%', ...(layout.mode === 'boxed' ? { maxWidth: 1280, mx: 'auto' } : {}) }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
    </ShellPanelsProvider>
    </RealtimeProvider>
  );
}
