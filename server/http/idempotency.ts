import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_ANSWER_LOST,
  IDEMPOTENCY_ANSWER_LOST_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../../resources/idempotency.js';
import { isDatabaseUnavailable } from '../db/connection-errors.js';
import type { Db } from '../db/index.js';
import type { IdempotencyKeysTable } from '../db/schema.js';
import { withCommitMarker } from '../db/table-watch.js';
import { registerHourly, scheduleHourly } from '../jobs/hourly.js';
import type { Services } from '../services.js';
import { fingerprintBody, type BodyFingerprint } from './body-fingerprint.js';
import { AppError, badRequest, conflict } from './errors.js';
import { redactUrl } from './request-log.js';

/**
 * Idempotent writes (issue 21): a signed-in POST, PUT, PATCH or DELETE carrying an Idempotency-Key
 * is recorded per user and key; a retry gets the first answer again without running the handler.
 * One place for every route: the key is read before the body, claimed before the handler, and the
 * answer kept when it is sent.
 *
 * A key's row goes `running` (claimed) → `written` (in the same transaction as the handler's writes,
 * so it is true exactly when they are) → `done` (its answer kept). A request answered 5xx after its
 * writes were stored (the database went away between its commit and the acknowledgement) goes to
 * `lost`: a retry must not write again, and its answer is gone.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The draft asks for at least a day: an outbox entry waiting overnight still gets its first answer. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A key still running this long after its request began lost that request (a crash): it may run again. */
const ABANDONED_MS = 10 * 60 * 1000;
/** What a client needs of a kept answer besides its body; never cookies or credentials. */
const KEPT_HEADERS = ['content-type', 'location', 'x-total-count'];

interface IdempotentWrite {
  key: string;
  fingerprint: BodyFingerprint;
  /** The row this request holds while it runs, until its answer is kept or the key released. */
  claim: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotentWrite | null;
  }
}

const mismatch = () =>
  new AppError(422, 'This Idempotency-Key was already used for a different request: send a new key for a new request', 'IDEMPOTENCY_KEY_REUSED');
const stillRunning = () => conflict('A request with this Idempotency-Key is still being processed: retry in a moment', 'IDEMPOTENCY_KEY_IN_USE');
const answerLost = () => conflict(IDEMPOTENCY_ANSWER_LOST_MESSAGE, IDEMPOTENCY_ANSWER_LOST);

/** The key of a signed-in write; null when there is none. Anonymous requests (public links) ignore the header. */
function keyOf(req: FastifyRequest): string | null {
  const value = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined || !WRITES.has(req.method) || !req.actor) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) throw badRequest(IDEMPOTENCY_KEY_MESSAGE, [{ field: IDEMPOTENCY_KEY_HEADER, message: IDEMPOTENCY_KEY_MESSAGE }]);
  return value;
}

const abandoned = (row: Pick<IdempotencyKeysTable, 'created_at'>, now: Date) => new Date(row.created_at).getTime() < now.getTime() - ABANDONED_MS;
const outlived = (row: Pick<IdempotencyKeysTable, 'state' | 'created_at' | 'expires_at'>, now: Date) =>
  new Date(row.expires_at) <= now || (row.state === 'running' && abandoned(row, now));

/** Claims the key for this request (its own short write, seen at once by a concurrent retry), or answers from it. */
async function claimOrReplay(services: Services, req: FastifyRequest, reply: FastifyReply) {
  const write = req.idempotency;
  if (!write) return;
  const db = services.db;
  const userId = req.actor!.user.id;
  const path = redactUrl(req.url);
  // An upload's body is read by the handler: its fingerprint is known once the answer is sent.
  const upload = req.isMultipart();
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const createdAt = now.toISOString();
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key: write.key,
        method: req.method,
        path,
        fingerprint: upload ? null : write.fingerprint.soFar(),
        state: 'running',
        status: null,
        body: null,
        headers: null,
        created_at: createdAt,
        expires_at: new Date(now.getTime() + KEY_LIFETIME_MS).toISOString(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst()
      .catch((err: unknown) => {
        // The database may have stored the claim and gone away before answering: a claim nobody
        // holds would refuse the outbox's retry for ten minutes, so it is released once it is back.
        if (isDatabaseUnavailable(err)) whenDatabaseBack(() => releaseUnheldClaim(services, userId, write.key, createdAt), req.log);
        throw err;
      });
    if (claimed) {
      write.claim = claimed.id;
      return;
    }
    const row = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', write.key).executeTakeFirst();
    if (!row) continue;
    if (outlived(row, now)) {
      // Expired before the sweep came, or abandoned: the key is free again.
      await db.deleteFrom('idempotency_keys').where('id', '=', row.id).execute();
      continue;
    }
    if (row.method !== req.method || row.path !== path) throw mismatch();
    // Written and never answered: lost once its request ended in a failure, or its process crashed.
    const lost = row.state === 'lost' || (row.state === 'written' && abandoned(row, now));
    if (row.state === 'running' || (row.state === 'written' && !lost)) throw stillRunning();
    const fingerprint = upload ? await write.fingerprint.drain() : write.fingerprint.soFar();
    // An upload's fingerprint is stored with its answer: a lost one has none to compare.
    if (row.fingerprint !== null && fingerprint !== row.fingerprint) throw mismatch();
    if (lost) throw answerLost();
    return reply
      .code(row.status!)
      .headers({ ...(JSON.parse(row.headers ?? '{}') as Record<string, string>), [IDEMPOTENT_REPLAYED_HEADER]: 'true' })
      .send(row.body ?? undefined);
  }
  throw stillRunning();
}

/** The answer's body as kept: JSON text, null when empty, undefined when it cannot be kept (a stream, a file). */
function keptBody(payload: unknown, reply: FastifyReply): string | null | undefined {
  if (payload === undefined || payload === null || payload === '') return null;
  if (typeof payload === 'string') return payload;
  const json = /json/i.test(String(reply.getHeader('content-type') ?? ''));
  return Buffer.isBuffer(payload) && json ? payload.toString('utf8') : undefined;
}

/**
 * What becomes of a claimed key once its answer is known: kept for replays, or released for a retry;
 * `failed` (a 5xx) releases it only if nothing was written.
 */
type KeyOutcome = { id: number; keep: Pick<IdempotencyKeysTable, 'fingerprint' | 'status' | 'body' | 'headers'> | null; failed: boolean };

/** Keeps the answer of a claimed write below 500; a server failure releases the key so the client may retry. */
function outcomeOf(req: FastifyRequest, reply: FastifyReply, payload: unknown): KeyOutcome | null {
  const write = req.idempotency;
  const id = write?.claim;
  if (!write || !id) return null;
  write.claim = null;
  // An answer marked no-store carries a secret (a new API token's): never kept, the key is released.
  const secret = /no-store/i.test(String(reply.getHeader('cache-control') ?? ''));
  const body = reply.statusCode < 500 && !secret ? keptBody(payload, reply) : undefined;
  // An upload answered before its body was read whole (a refusal) cannot be matched to a retry: not kept.
  const fingerprint = req.isMultipart() ? write.fingerprint.whole() : write.fingerprint.soFar();
  const failed = reply.statusCode >= 500;
  if (body === undefined || fingerprint === null) return { id, keep: null, failed };
  const headers = Object.fromEntries(KEPT_HEADERS.flatMap((h) => (reply.hasHeader(h) ? [[h, String(reply.getHeader(h))]] : [])));
  return { id, keep: { fingerprint, status: reply.statusCode, body, headers: JSON.stringify(headers) }, failed };
}

async function settle(services: Services, { id, keep, failed }: KeyOutcome) {
  const row = services.db.updateTable('idempotency_keys').where('id', '=', id);
  if (keep) await row.set({ state: 'done', ...keep }).execute();
  else if (!failed) await services.db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
  else {
    // A failure after the writes were stored must not let a retry write them again.
    await services.db.deleteFrom('idempotency_keys').where('id', '=', id).where('state', '=', 'running').execute();
    await row.where('state', '=', 'written').set({ state: 'lost' }).execute();
  }
}

/** The claim's `written`, stored by the database with the handler's writes (server/db/table-watch.ts). */
const writtenMarker = (db: Db, id: number) => ({
  table: 'idempotency_keys',
  query: db.updateTable('idempotency_keys').set({ state: 'written' }).where('id', '=', id).where('state', '=', 'running').compile(),
});

/** Runs a route's handler; a keyed write's claim is marked `written` in the transactions that store its writes. */
export function asIdempotentWrite<T>(services: Services, req: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const claim = req.idempotency?.claim;
  return claim ? withCommitMarker(writtenMarker(services.db, claim), work) : work();
}

/** First wait before trying again while the database is away; it doubles up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;

/**
 * Runs a key's settling again until the database is back. Without it, a write cut by an outage
 * (answered 503) left its key running, and the outbox's retry of it was refused 409 until the key
 * counted as abandoned, ten minutes later. Past ABANDONED_MS the key is free anyway.
 */
function whenDatabaseBack(operation: () => Promise<unknown>, log: FastifyRequest['log']) {
  const giveUpAt = Date.now() + ABANDONED_MS;
  let wait = RETRY_FIRST_MS;
  const attempt = () => {
    operation().catch((err: unknown) => {
      if (!isDatabaseUnavailable(err)) return log.error({ err }, 'idempotency key could not be settled');
      if (Date.now() + wait > giveUpAt) return;
      wait = Math.min(wait * 2, RETRY_MAX_MS);
      setTimeout(attempt, wait).unref();
    });
  };
  setTimeout(attempt, wait).unref();
}

/** Deletes the claim this request may have made (matched by the moment it wrote), if it is still running. */
const releaseUnheldClaim = (services: Services, userId: number, key: string, createdAt: string) =>
  services.db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '=', createdAt)
    .where('state', '=', 'running')
    .execute();

/**
 * The answer stands even when the database cannot keep it (it went away after the handler): a
 * failure here would replace the answer, and a write already committed would read as failed. The
 * key is then settled once the database is back.
 */
async function keepAnswer(services: Services, req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const outcome = outcomeOf(req, reply, payload);
  if (!outcome) return;
  try {
    await settle(services, outcome);
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    req.log.warn({ code: (err as { code?: unknown }).code, status: reply.statusCode }, 'idempotency key not settled yet: the database is unavailable');
    whenDatabaseBack(() => settle(services, outcome), req.log);
  }
}

/** Registers the hooks on the API's routes; call before the routes are registered. */
export function registerIdempotency(api: FastifyInstance, services: Services) {
  api.decorateRequest('idempotency', null);
  api.addHook('preParsing', async (req, _reply, payload) => {
    const key = keyOf(req);
    if (key) req.idempotency = { key, fingerprint: fingerprintBody(req), claim: null };
    return payload;
  });
  api.addHook('preHandler', (req, reply) => claimOrReplay(services, req, reply));
  api.addHook('onSend', async (req, reply, payload) => {
    await keepAnswer(services, req, reply, payload);
    return payload;
  });
}

/** Removes the keys past their 24 hours; a retry after that runs anew. */
export async function sweepIdempotencyKeys(services: Services, now = new Date()) {
  const result = await services.db.deleteFrom('idempotency_keys').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const SWEEP_JOB = 'idempotency.sweep';

export function registerIdempotencySweep(services: Services) {
  registerHourly(services.jobs, SWEEP_JOB, async () => {
    const swept = await sweepIdempotencyKeys(services);
    if (swept) services.log.info({ swept }, 'expired idempotency keys swept');
  });
}

export const scheduleIdempotencySweep = (services: Services) => scheduleHourly(services.jobs, SWEEP_JOB);
