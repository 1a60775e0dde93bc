// Helpers the volume seeders share: API calls while seeding, and SQL that writes many rows at once
// on both databases (the API would take hours for hundreds of thousands of rows).
import { sql } from 'kysely';
import type { Db, Dialect } from '../server/db/index.js';

/** One API call while seeding; anything but 2xx stops the scenario with the answer, named by `what`. */
export async function seedCall(what: string, baseUrl: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`seeding ${what}: ${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Numbers lo..hi as a FROM item `s(n)`: generate_series on PostgreSQL, a recursive CTE on SQLite. */
export const series = (dialect: Dialect, lo: number, hi: number) =>
  dialect === 'postgres'
    ? sql.raw(`generate_series(${lo}, ${hi}) as s(n)`)
    : sql.raw(`(with recursive r(n) as (select ${lo} union all select n + 1 from r where n < ${hi}) select n from r) as s`);
/** The day `days` after `start` as YYYY-MM-DD text, `days` an SQL expression. */
export const dayAfter = (dialect: Dialect, start: string, days: string) =>
  dialect === 'postgres' ? `to_char(date '${start}' + (${days})::int, 'YYYY-MM-DD')` : `date('${start}', '+' || (${days}) || ' days')`;
/** A timestamp literal the column takes on both databases. */
export const stamp = (dialect: Dialect, iso: string) => (dialect === 'postgres' ? `cast('${iso}' as timestamptz)` : `'${iso}'`);
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** Ids written by one multi-row insert into a table nobody else writes meanwhile: checked to run unbroken from the first. */
export function contiguous(ids: number[], what: string): number {
  const sorted = [...ids].sort((a, b) => a - b);
  if (sorted.at(-1)! - sorted[0]! !== sorted.length - 1) throw new Error(`seeding: the ${what} ids are not contiguous`);
  return sorted[0]!;
}

/** What settleVolume does on `dialect`, as a seeder's step names it. */
export const settleStep = (dialect: Dialect) => (dialect === 'postgres' ? 'vacuum analyze, checkpoint' : 'analyze');

/**
 * A seeded volume made to look as it would have grown over time, before anything measures it: fresh
 * statistics and, on PostgreSQL, vacuumed (GIN pending lists merged, visibility map set) and its pages
 * written out by a checkpoint now, not by a spread one still flushing them while the next section
 * measures (PostgreSQL /health ran at 3,300 requests/s right after the productions seed, 5,300 apart).
 */
export async function settleVolume(db: Db, dialect: Dialect) {
  if (dialect === 'postgres') {
    await sql.raw('vacuum analyze').execute(db);
    await sql.raw('checkpoint').execute(db);
  } else {
    await sql.raw('analyze').execute(db);
  }
}
