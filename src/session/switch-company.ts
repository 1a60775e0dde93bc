import { apiFetch } from '../api/http';
import { setTabCompanyId } from './active-company';
import type { SessionUser } from './types';

/**
 * Makes a company the one this tab acts in, and remembers it as the account's default so the next new
 * session starts there too. Other open tabs keep acting in the company they show.
 */
export async function switchToCompany(companyId: number, opts: { quiet?: boolean } = {}): Promise<SessionUser> {
  setTabCompanyId(companyId);
  const { data } = await apiFetch<{ user: SessionUser }>(`/users/me/company/${companyId}`, { method: 'PATCH', quiet: opts.quiet });
  return data.user;
}
