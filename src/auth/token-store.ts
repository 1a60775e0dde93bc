/** The session token lives in local storage; its own expiry decides whether it is still valid (spec 01 §9). */
const KEY = 'fieldwork.accessToken';

export function readToken(): string | null {
  return localStorage.getItem(KEY);
}

export function storeToken(token: string): void {
  localStorage.setItem(KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(KEY);
}

/** Seconds since epoch at which the token lapses, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

export type TokenState = 'none' | 'valid' | 'expired' | 'invalid';

export function tokenState(now = Date.now()): TokenState {
  const token = readToken();
  if (!token) return 'none';
  const exp = tokenExpiry(token);
  if (exp === null) return 'invalid';
  return exp * 1000 > now ? 'valid' : 'expired';
}
