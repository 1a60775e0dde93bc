/**
 * Time zones: the rule a company's or project's zone must follow, and the one way an instant is
 * written on documents, sheets, reports and trails (server PDFs and the client alike): in the zone
 * of the project (or company) it belongs to, with the zone named, so a reader never has to guess.
 */

export const TIME_ZONE_MESSAGE = 'Must be an IANA time zone, such as America/Chicago';

/** True when `name` is a time zone this runtime knows (the IANA database). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name) || name === 'UTC';
  } catch {
    return false;
  }
}

/** The zone this browser (or server) runs in, when it is one we accept; else UTC. */
export function localTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * An instant where the project is: 'Nov 27, 2026, 3:04 PM CST'. Where the zone has no common short
 * name (ICU answers an offset such as 'GMT+1'), the IANA name stands in: 'Nov 27, 2026, 10:04 PM
 * Europe/Paris'. An unknown zone falls back to UTC, which the label then says; a value that is not an
 * instant comes back as it was.
 */
export function formatInstant(at: string | Date, timeZone: string | null | undefined): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  const parts = formatterFor(zone).formatToParts(date);
  const body = parts
    .filter((p) => p.type !== 'timeZoneName')
    .map((p) => p.value)
    .join('')
    .replace(/[\s,]+$/, '')
    .replace(/\u202f/g, ' ');
  return `${body} ${zoneName(parts, zone)}`;
}

/** The short name ICU gives, unless it is only an offset ('GMT+1'): then the IANA name. */
function zoneName(parts: Intl.DateTimeFormatPart[], zone: string): string {
  const short = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  return !short || /^(GMT|UTC)[+\-−]/.test(short) ? zone : short;
}

/** The zone's name as formatInstant writes it, at a given moment (CST or CDT depends on the day). */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  return zoneName(formatterFor(zone).formatToParts(at), zone);
}

/** The day an instant falls on in a time zone, as YYYY-MM-DD (UTC's day when the zone is unknown). */
export function dayIn(at: string | Date, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at instanceof Date ? at : new Date(at));
}

/** Today in a time zone, as YYYY-MM-DD. */
export const todayIn = (timeZone: string, now: Date = new Date()) => dayIn(now, timeZone);
