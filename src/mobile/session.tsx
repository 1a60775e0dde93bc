import { Button, Stack, Typography } from '@mui/material';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, apiFetch, onApiError } from '../api/http';
import { clearToken, tokenState } from '../auth/token-store';
import { defineAbilityFor, type AccessProfile, type AppAbility } from '../../permissions';
import { activeMembershipOf, settleTabCompany } from '../session/active-company';
import { profileFromUser } from '../session/profile';
import type { Membership, SessionUser } from '../session/types';
import { setReadOwner } from './data/cached-read';

export interface MobileSession {
  user: SessionUser;
  membership: Membership;
  profile: AccessProfile;
  ability: AppAbility;
}

const SessionContext = createContext<MobileSession | null>(null);
/** The last identity, so the app opens on a site without signal. */
const KEPT_USER = 'fieldwork.mobile.user';

/** To the desktop's sign-in page, which sends a crew leader back here (the same path under /app-mobile). */
export function toLogin() {
  const here = window.location.pathname.replace(/^\/app-mobile\/?/, '/') + window.location.search;
  const returnTo = here === '/' ? '' : `?returnTo=${encodeURIComponent(here)}`;
  window.location.replace(`/app/login${returnTo}`);
}

function keptUser(): SessionUser | null {
  try {
    return JSON.parse(localStorage.getItem(KEPT_USER) ?? 'null');
  } catch {
    return null;
  }
}

export function MobileSessionProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (tokenState() !== 'valid') {
      clearToken();
      toLogin();
      return;
    }
    setUnreachable(false);
    apiFetch<{ user: SessionUser }>('/users/me', { quiet: true })
      .then(({ data }) => {
        localStorage.setItem(KEPT_USER, JSON.stringify(data.user));
        setUser(data.user);
      })
      .catch((error: unknown) => {
        // Only the server's refusal ends the session; no signal keeps it, with the identity kept here if any.
        if (error instanceof ApiError && error.statusCode === 401) {
          clearToken();
          localStorage.removeItem(KEPT_USER);
          toLogin();
          return;
        }
        const kept = keptUser();
        if (kept) setUser(kept);
        else setUnreachable(true);
      });
  }, [attempt]);

  useEffect(() => {
    // A call refused for the session (token ended elsewhere) ends it here too.
    return onApiError((error) => {
      if (error.statusCode !== 401) return;
      clearToken();
      localStorage.removeItem(KEPT_USER);
      toLogin();
    });
  }, []);

  const session = useMemo<MobileSession | null>(() => {
    if (!user) return null;
    settleTabCompany(user);
    setReadOwner(user.id);
    const membership = activeMembershipOf(user);
    if (!membership) return null;
    const profile = profileFromUser(user);
    return { user, membership, profile, ability: defineAbilityFor(profile) };
  }, [user]);

  useEffect(() => {
    // Without a company there is nothing to do in the field: the desktop asks for one.
    if (user && !session) window.location.replace('/app/register/company');
  }, [user, session]);

  if (!session && unreachable) return <NoConnection onRetry={() => setAttempt((a) => a + 1)} />;
  if (!session) return <>{fallback}</>;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session where there may be none (the header, also drawn while a screen is tried on its own). */
export function useOptionalMobileSession(): MobileSession | null {
  return useContext(SessionContext);
}

function NoConnection({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack spacing={2} sx={{ p: 3, pt: 8, textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h1">No connection</Typography>
      <Typography>The app needs the connection once on this phone to load your account. Your sign-in is kept.</Typography>
      <Button variant="contained" size="large" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

export function useMobileSession(): MobileSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useMobileSession outside MobileSessionProvider');
  return session;
}

/** Signs out through the desktop's logout page, which ends the session on the server; the outbox stays: it is the crew's work. */
export function signOut() {
  localStorage.removeItem(KEPT_USER);
  window.location.assign('/app/logout');
}
