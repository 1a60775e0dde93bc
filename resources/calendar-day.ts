/** Calendar days as 'YYYY-MM-DD' text, shared by the desktop and the phone client. */

/** A 'YYYY-MM-DD' day for people ('Mar 5, 2026'), read as the calendar day it names. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const d = new Date(`${day.slice(0, 10)}T00:00:00.000Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' });
}

/** Today as 'YYYY-MM-DD' in a time zone (the browser's when none is given or it is unknown). */
export function todayIn(timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  }
}

/** A calendar day moved by whole days, as 'YYYY-MM-DD'. */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
