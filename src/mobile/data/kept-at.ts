const LAST_KEPT = 'fieldwork.mobile.keptAt';

/** When the day's data was last kept whole on this phone, or null. */
export function lastKeptAt(): number | null {
  const at = Number(localStorage.getItem(LAST_KEPT));
  return Number.isFinite(at) && at > 0 ? at : null;
}

export function keptNow(): void {
  localStorage.setItem(LAST_KEPT, String(Date.now()));
}
