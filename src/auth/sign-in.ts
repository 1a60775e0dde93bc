import { apiFetch } from '../api/http';
import type { AccountUser } from '../session/types';
import { storeToken } from './token-store';

export interface SessionAnswer {
  user: AccountUser;
  token: string;
}

/** Calls an endpoint answering { user, token } (login, register, reset password) and keeps the token. */
export async function startSessionWith(path: string, body: unknown): Promise<AccountUser> {
  const { data } = await apiFetch<SessionAnswer>(path, { method: 'POST', body, anonymous: true, quiet: true });
  storeToken(data.token);
  return data.user;
}
