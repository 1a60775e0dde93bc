import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db, Dialect, Executor } from '../db/index.js';
import type { JobsTable } from '../db/schema.js';

export type JobRow = Selectable<JobsTable>;

const iso = (ms: number) => new Date(ms).toISOString();

/** The job row; null when a pending job with the same name and dedupe key is already there. */
export async function insertJob(
  executor: Executor,
  job: { name: string; payload: unknown; runAt: number; maxAttempts: number; dedupeKey: string | null },
): Promise<number | null> {
  const now = new Date().toISOString();
  const row = await executor
    .insertInto('jobs')
    .values({
      name: job.name,
      payload: JSON.stringify(job.payload ?? null),
      status: 'queued',
      attempts: 0,
      max_attempts: job.maxAttempts,
      run_at: iso(job.runAt),
      dedupe_key: job.dedupeKey,
      relay_key: randomUUID(),
      last_error: null,
      locked_by: null,
      locked_until: null,
      relayed_at: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    // The target names the partial unique index, so only a pending twin makes this a no-op. Its
    // predicate is literal SQL: SQLite matches it against the index's text, which bound values would not.
    .onConflict((oc) => oc.columns(['name', 'dedupe_key']).where(sql<boolean>`dedupe_key is not null and status in ('queued', 'running')`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Takes the next due job for this runner: a queued one whose time has come, or a running one whose
 * runner stopped renewing its lock (it crashed). One conditional UPDATE, so of two runners racing for a
 * row only one gets it; on PostgreSQL SKIP LOCKED lets the other move on to the next row at once.
 */
export async function claimDue(db: Db, dialect: Dialect, runnerId: string, opts: { dueBefore: number; lockMs: number; unrelayedOnly?: boolean }) {
  const now = Date.now();
  const due = (eb: any) =>
    eb.or([
      eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', iso(opts.dueBefore))]),
      eb.and([eb('status', '=', 'running'), eb('locked_until', '<', iso(now))]),
    ]);
  // BullMQ's fallback while Redis is away: rows never handed to Redis (those that were are BullMQ's to
  // run) and not held by a relay under way (it may hand them over when Redis answers again).
  const claimable = (eb: any) =>
    opts.unrelayedOnly
      ? eb.and([due(eb), eb('relayed_at', 'is', null), eb.or([eb('status', '=', 'running'), eb('locked_until', 'is', null), eb('locked_until', '<', iso(now))])])
      : due(eb);
  const next = db.selectFrom('jobs').select('id').where(claimable).orderBy('run_at').orderBy('id').limit(1);
  return db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), locked_by: runnerId, locked_until: iso(now + opts.lockMs), updated_at: iso(now) }))
    // `=` makes the subquery a scalar one, run once; PostgreSQL may rerun an `in (… limit 1)` subquery
    // per row it scans, and with SKIP LOCKED each rerun finds another row, so one claim took many.
    .where('id', '=', dialect === 'postgres' ? next.forUpdate().skipLocked() : next)
    .where(claimable)
    .returningAll()
    .executeTakeFirst();
}

/** BullMQ handed this runner the job: claim its row the same conditional way, unless it already finished. */
export async function claimById(db: Db, id: number, runnerId: string, opts: { attempt: number; lockMs: number }) {
  const now = Date.now();
  return db
    .updateTable('jobs')
    .set({ status: 'running', attempts: opts.attempt, locked_by: runnerId, locked_until: iso(now + opts.lockMs), updated_at: iso(now) })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', iso(now))])]))
    .returningAll()
    .executeTakeFirst();
}

/** The heartbeat of a long job: keeps other runners from taking it while this one is alive. */
export async function extendLock(db: Db, id: number, runnerId: string, lockMs: number) {
  await db.updateTable('jobs').set({ locked_until: iso(Date.now() + lockMs) }).where('id', '=', id).where('locked_by', '=', runnerId).execute();
}

/** Records how a run ended; only while this runner still holds the job, so a lapsed lock never overwrites another run. */
export async function recordRun(db: Db, id: number, runnerId: string, outcome: { ok: true } | { ok: false; error: string; retryAt: number | null }) {
  const now = iso(Date.now());
  const set = outcome.ok
    ? { status: 'done', last_error: null, finished_at: now }
    : outcome.retryAt === null
      ? { status: 'failed', last_error: outcome.error, finished_at: now }
      : { status: 'queued', last_error: outcome.error, run_at: iso(outcome.retryAt) };
  await db
    .updateTable('jobs')
    .set({ ...set, locked_by: null, locked_until: null, updated_at: now })
    .where('id', '=', id)
    .where('locked_by', '=', runnerId)
    .execute();
}

/**
 * Committed rows not yet handed to BullMQ, claimed for a while so two relays do not both send them;
 * with them, rows whose runner died while running them from the table (during a Redis outage), queued
 * again so the worker can claim them.
 */
export async function claimUnrelayed(db: Db, dialect: Dialect, relayId: string, opts: { lockMs: number; limit: number }) {
  const now = Date.now();
  const lapsed = (eb: any) => eb('locked_until', '<', iso(now));
  const free = (eb: any) =>
    eb.and([
      eb('relayed_at', 'is', null),
      eb.or([eb.and([eb('status', '=', 'queued'), eb.or([eb('locked_until', 'is', null), lapsed(eb)])]), eb.and([eb('status', '=', 'running'), lapsed(eb)])]),
    ]);
  // The batch may grow past `limit` on PostgreSQL (see claimDue); every row claimed is returned and relayed.
  const batch = db.selectFrom('jobs').select('id').where(free).orderBy('id').limit(opts.limit);
  return db
    .updateTable('jobs')
    .set({ status: 'queued', locked_by: relayId, locked_until: iso(now + opts.lockMs) })
    .where('id', 'in', dialect === 'postgres' ? batch.forUpdate().skipLocked() : batch)
    .where(free)
    .returningAll()
    .execute();
}

/** Marks rows as handed over; the relay's claim is let go unless a worker took the row meanwhile. */
export async function markRelayed(db: Db, ids: number[], relayId: string) {
  if (!ids.length) return;
  await db.updateTable('jobs').set({ relayed_at: iso(Date.now()) }).where('id', 'in', ids).where('relayed_at', 'is', null).execute();
  await db.updateTable('jobs').set({ locked_by: null, locked_until: null }).where('id', 'in', ids).where('locked_by', '=', relayId).execute();
}

/**
 * After Redis was away: rows handed to it and not finished are handed over again, in case it came back
 * without them (a restart that kept no data). BullMQ ignores a job id it still holds.
 */
export async function unmarkRelayed(db: Db) {
  await db.updateTable('jobs').set({ relayed_at: null }).where('status', '=', 'queued').where('relayed_at', 'is not', null).execute();
}

export async function countUnrelayed(db: Db) {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'queued')
    .where('relayed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
