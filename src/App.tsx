import { CssBaseline, GlobalStyles, ThemeProvider } from '@mui/material';
import { Refine, useGetIdentity } from '@refinedev/core';
import { RefineSnackbarProvider, useNotificationProvider } from '@refinedev/mui';
import routerProvider from '@refinedev/react-router';
import { useEffect } from 'react';
import { accessControlProvider } from './providers/access-control-provider';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { liveProvider } from './realtime/live-provider';
import { AppRoutes } from './routing/AppRoutes';
import { getCurrentUser, setCurrentUser } from './session/current-user';
import type { SessionUser } from './session/types';
import { DisplayThemeProvider } from './shell/DisplayThemeProvider';
import { ErrorDialog } from './shell/ErrorDialog';
import { toastBelowToolbar } from './shell/toast-position';
import { phoneTouchTargets } from './shell/touch-targets';
import { theme } from './theme';

const accessControl = accessControlProvider(getCurrentUser);
const live = liveProvider();

/** Keeps the identity Refine loaded where the access-control provider can read it. */
function SessionSync() {
  const { data } = useGetIdentity<SessionUser | null>();
  useEffect(() => setCurrentUser(data ?? null), [data]);
  return null;
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={{ html: { WebkitFontSmoothing: 'auto' } }} />
      <GlobalStyles styles={toastBelowToolbar} />
      <GlobalStyles styles={phoneTouchTargets} />
      <RefineSnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={6000} maxSnack={3}>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControl}
          routerProvider={routerProvider}
          notificationProvider={useNotificationProvider}
          liveProvider={live}
          resources={[{ name: 'companies', show: '/companies/:id', meta: { label: 'Companies' } }]}
          options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: true, liveMode: 'auto' }}
        >
          <SessionSync />
          <DisplayThemeProvider>
            <AppRoutes />
            <ErrorDialog />
          </DisplayThemeProvider>
        </Refine>
      </RefineSnackbarProvider>
    </ThemeProvider>
  );
}
