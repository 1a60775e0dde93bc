import type { AccountUser, Membership } from './types';

/**
 * The company this tab acts in. Kept in session storage, which every tab has its own of, so two tabs
 * (or a phone and a desktop) in two companies never act in each other's; the account's default
 * company only decides where a new tab starts. Sent as X-Company-Id on every call.
 */
const KEY = 'fieldwork.companyId';

export function tabCompanyId(): number | null {
  const value = Number(sessionStorage.getItem(KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function setTabCompanyId(companyId: number): void {
  sessionStorage.setItem(KEY, String(companyId));
}

export function clearTabCompanyId(): void {
  sessionStorage.removeItem(KEY);
}

/** The membership the tab shows: its own choice while the user still holds it, else the default, else the first. */
export function activeMembershipOf(user: AccountUser | null | undefined): Membership | null {
  if (!user) return null;
  const chosen = tabCompanyId();
  return (
    user.memberships.find((m) => m.companyId === chosen) ??
    user.memberships.find((m) => m.companyId === user.settings.defaultCompanyId) ??
    user.memberships[0] ??
    null
  );
}

/** After the identity loads: the tab keeps acting in the company it shows from now on. */
export function settleTabCompany(user: AccountUser): void {
  const active = activeMembershipOf(user);
  if (active) setTabCompanyId(active.companyId);
  else clearTabCompanyId();
}
