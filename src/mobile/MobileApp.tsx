import { CssBaseline, LinearProgress, ThemeProvider } from '@mui/material';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { MobileSessionProvider } from './session';
import { MobileShell } from './shell/MobileShell';
import { mobileTheme } from './theme';
import { ToDesktop } from './screens/ToDesktop';

// One chunk per screen: the first screen's JavaScript stays small on one bar of signal.
const ProjectsListScreen = lazy(() => import('./screens/projects/ProjectsListScreen'));
const ProjectBoardScreen = lazy(() => import('./screens/projects/ProjectBoardScreen'));
const CheckInScreen = lazy(() => import('./screens/check-in/CheckInScreen'));
const ProductionsScreen = lazy(() => import('./screens/productions/ProductionsScreen'));
const ProductionCreateScreen = lazy(() => import('./screens/productions/ProductionCreateScreen'));
const ProductionScreen = lazy(() => import('./screens/productions/ProductionScreen'));
const DamageReportScreen = lazy(() => import('./screens/damages/DamageReportScreen'));
const OutboxScreen = lazy(() => import('./screens/outbox/OutboxScreen'));

/** The phone client's screens; their paths are the desktop twins of src/routing/mobile-twins.ts. */
export function MobileApp() {
  return (
    <ThemeProvider theme={mobileTheme}>
      <CssBaseline />
      <MobileSessionProvider fallback={<LinearProgress aria-label="Loading" />}>
        <Routes>
          <Route element={<MobileShell />}>
            <Route index element={<Navigate to="/projects-list" replace />} />
            <Route path="projects-list" element={<ProjectsListScreen />} />
            <Route path="project-board/:projectId" element={<ProjectBoardScreen />} />
            <Route path="logs" element={<CheckInScreen />} />
            <Route path="productions" element={<ProductionsScreen />} />
            <Route path="productions/create" element={<ProductionCreateScreen />} />
            <Route path="productions/:productionId" element={<ProductionScreen />} />
            <Route path="damages/create" element={<DamageReportScreen />} />
            <Route path="outbox" element={<OutboxScreen />} />
          </Route>
          <Route path="*" element={<ToDesktop />} />
        </Routes>
      </MobileSessionProvider>
    </ThemeProvider>
  );
}
