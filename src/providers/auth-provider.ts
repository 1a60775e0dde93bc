import type { AuthProvider } from '@refinedev/core';
import { ApiError, apiFetch } from '../api/http';
import { SESSION_EXPIRED, SESSION_UNRECOVERABLE } from '../auth/messages';
import { clearToken, storeToken, tokenState } from '../auth/token-store';
import { clearTabCompanyId, settleTabCompany } from '../session/active-company';
import { setLoginNotice } from '../session/login-notice';
import type { AccountUser, SessionUser } from '../session/types';

interface LoginParams {
  email: string;
  password: string;
  remember?: boolean;
}

const errorOf = (err: unknown) => ({ name: 'Error', message: err instanceof Error ? err.message : String(err) });

/** Starts a session from an answer holding { user, token } (login, register, reset password). */
export function beginSession(token: string): void {
  storeToken(token);
  // A new session starts in the account's default company, whatever this tab showed before.
  clearTabCompanyId();
}

export const authProvider: AuthProvider = {
  login: async ({ email, password, remember = true }: LoginParams) => {
    try {
      const { data } = await apiFetch<{ user: AccountUser; token: string }>('/users/login', {
        method: 'POST',
        body: { email, password, remember },
        anonymous: true,
        quiet: true,
      });
      beginSession(data.token);
      // The login page decides where to go next (returnTo rules), so no redirect here.
      return { success: true };
    } catch (err) {
      return { success: false, error: errorOf(err) };
    }
  },

  logout: async () => {
    if (tokenState() === 'valid') {
      await apiFetch('/users/logout', { quiet: true }).catch(() => undefined);
    }
    clearToken();
    clearTabCompanyId();
    return { success: true, redirectTo: '/login' };
  },

  check: async () => {
    const state = tokenState();
    if (state === 'valid') return { authenticated: true };
    if (state !== 'none') clearToken();
    return { authenticated: false, redirectTo: '/login', logout: true };
  },

  onError: async (error: unknown) => {
    if (error instanceof ApiError && error.statusCode === 401) return { logout: true, redirectTo: '/login' };
    return {};
  },

  getIdentity: async () => {
    const state = tokenState();
    if (state === 'none') return null;
    if (state !== 'valid') {
      clearToken();
      setLoginNotice(SESSION_EXPIRED);
      return null;
    }
    try {
      const { data } = await apiFetch<{ user: SessionUser }>('/users/me', { quiet: true });
      settleTabCompany(data.user);
      return data.user;
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 401) {
        clearToken();
        setLoginNotice(SESSION_UNRECOVERABLE);
        return null;
      }
      throw err;
    }
  },
};
