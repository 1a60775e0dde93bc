import { registerHourly, scheduleHourly } from '../../jobs/hourly.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Db } from '../../db/index.js';

const PURGE_JOB = 'webhooks.purge-deliveries';
/** How long a finished delivery stays listed (its status, answer and body) before the hourly purge removes it. */
export const DELIVERY_RETENTION_DAYS = 30;

/** Removes deliveries finished (delivered or failed for good) more than DELIVERY_RETENTION_DAYS ago; pending ones stay. */
export async function purgeOldDeliveries(db: Db, now = Date.now()): Promise<number> {
  const before = new Date(now - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  const result = await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('finished_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function registerDeliveryPurge(services: { db: Db; jobs: JobQueue; log: { info(obj: object, msg: string): void } }) {
  registerHourly(services.jobs, PURGE_JOB, async () => {
    const purged = await purgeOldDeliveries(services.db);
    if (purged) services.log.info({ purged }, 'old webhook deliveries removed');
  });
}

/** Queues the coming hour's purge unless a process already did (server/main.ts, at start). */
export const scheduleDeliveryPurge = (services: { jobs: JobQueue }) => scheduleHourly(services.jobs, PURGE_JOB);
