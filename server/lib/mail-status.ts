import type { Db } from '../db/index.js';

/**
 * What an operator needs to see of the outbox (scripts/mail-status.ts): how many messages are in each
 * state, and the ones that failed or are being retried, with their error. Never the bodies: they hold
 * reset and invitation links.
 */
export async function mailStatus(db: Db, limit = 50) {
  const counts = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .orderBy('status')
    .execute();
  const problems = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'status', 'attempts', 'error', 'created_at'])
    .where('status', 'in', ['failed', 'retrying'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return { counts: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])), problems };
}
