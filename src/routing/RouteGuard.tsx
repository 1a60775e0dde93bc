import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { routeAccess } from '../../permissions';
import { LoadingView } from '../shell/LoadingView';
import { useSession } from '../session/useSession';
import { isAvailable } from '../shell/available-screens';

/** Applies the access rules of permissions/routes.ts to the page being opened. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { loading, profile } = useSession();
  if (loading) return <LoadingView />;
  const path = `${location.pathname.replace(/^\/+/, '')}${location.search}`;
  const access = routeAccess(path, profile, isAvailable);
  if (!access.allowed) return <Navigate to={`/${access.redirect}`} replace />;
  return <>{children}</>;
}
