import { Box, Drawer, GlobalStyles, useTheme } from '@mui/material';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { NAVBAR_WIDTH } from '../theme';
import { HorizontalNav } from './HorizontalNav';
import { FOLDED_NAVBAR_WIDTH, useNavbarFold } from './navbar-fold';
import { ShellCommandsProvider } from './shell-commands';
import { ShellExtras } from './ShellExtras';
import { TeamPanels } from './TeamPanels';
import { SideNav } from './SideNav';
import { ShellPanelsProvider } from './panels';
import { TopBar } from './TopBar';

/**
 * Navigation, toolbar and the page, arranged by the user's layout: layout1 puts the navigation on the
 * side, layout2 below the toolbar, layout3 above it. Phones always get the navigation as a drawer.
 */
export function AppShell() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const theme = useTheme();
  const { layout } = theme.fieldwork;
  const vertical = layout.style === 'layout1';
  const fold = useNavbarFold();
  const navWidth = fold.folded ? FOLDED_NAVBAR_WIDTH : NAVBAR_WIDTH;
  // Boxed (spec 02 §9: 1280): the whole shell, navbar and toolbar too, in a centred box on wide screens.
  const boxed = layout.mode === 'boxed';
  return (
    <RealtimeProvider>
    <ShellPanelsProvider>
    <ShellCommandsProvider>
    {boxed && <GlobalStyles styles={{ body: { backgroundColor: theme.palette.mode === 'dark' ? '#05080d' : '#dde2ea' } }} />}
    <Box sx={{ display: 'flex', minHeight: '100vh', ...(boxed ? { maxWidth: 1280, mx: 'auto', boxShadow: 4, bgcolor: 'background.default' } : {}) }}>
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
          sx={{
            display: { xs: 'none', md: 'block' },
            width: navWidth,
            flexShrink: 0,
            // In the page's flow rather than fixed to the window, so a boxed shell keeps it inside the box.
            '& .MuiDrawer-paper': { width: navWidth, border: 0, position: 'sticky', top: 0, height: '100vh', overflow: fold.folded ? 'visible' : undefined },
          }}
        >
          <SideNav folded={fold.folded} onToggleFold={() => void fold.toggle()} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {layout.style === 'layout3' && <HorizontalNav />}
        <TopBar onMenu={() => setMobileOpen(true)} />
        {layout.style === 'layout2' && <HorizontalNav />}
        <Box
          component="main"
          sx={{ flex: 1, p: { xs: 2, md: 3 }, width: '100%' }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
    <ShellExtras />
    <TeamPanels />
    </ShellCommandsProvider>
    </ShellPanelsProvider>
    </RealtimeProvider>
  );
}
