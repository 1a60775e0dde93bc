import { readOwner } from './cached-read';

// Per person and company, like the copies it dates: on a shared phone one crew's kept day is not another's.
const lastKeptKey = () => `fieldwork.mobile.keptAt:${readOwner()}`;

/** When the day's data was last kept whole on this phone for the signed-in person, or null. */
export function lastKeptAt(): number | null {
  const at = Number(localStorage.getItem(lastKeptKey()));
  return Number.isFinite(at) && at > 0 ? at : null;
}

export function keptNow(): void {
  localStorage.setItem(lastKeptKey(), String(Date.now()));
}
