import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isCrewLeader, routeAccess } from '../../permissions';
import { LoadingView } from '../shell/LoadingView';
import { useSession } from '../session/useSession';
import { isAvailable } from '../shell/available-screens';
import { isMobileBase, openInMobile } from './app-base';
import { mobileTwin } from './mobile-twins';

/** Applies the access rules of permissions/routes.ts to the page being opened. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { loading, profile } = useSession();
  if (loading) return <LoadingView />;
  const path = `${location.pathname.replace(/^\/+/, '')}${location.search}`;
  const access = routeAccess(path, profile, isAvailable);
  if (!access.allowed) return <Navigate to={`/${access.redirect}`} replace />;
  // A crew leader's desktop link to a field screen opens the phone client's twin of it.
  const twin = isCrewLeader(profile) && !isMobileBase() ? mobileTwin(path) : null;
  if (twin !== null) return <ToMobile path={twin} />;
  return <>{children}</>;
}

/** The phone client's screen at `path` (by default the one opened). */
export function ToMobile({ path }: { path?: string }) {
  const location = useLocation();
  const target = path ?? `${location.pathname.replace(/^\/+/, '')}${location.search}`;
  useEffect(() => openInMobile(target), [target]);
  return <LoadingView />;
}
