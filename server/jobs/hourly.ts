import type { JobQueue } from './job-queue.js';

const HOUR_MS = 60 * 60 * 1000;

/** An hourly slot's job: one run per slot, whichever process queues it (the dedupe key is the slot). */
function slotJob(slot: number, now = Date.now()) {
  return { payload: { slot }, opts: { dedupeKey: `slot-${slot}`, delayMs: Math.max(0, slot * HOUR_MS - now) } };
}

const comingSlot = (now = Date.now()) => Math.floor(now / HOUR_MS) + 1;

/** Housekeeping through the job runner, once an hour, each run queueing the slot after its own. */
export function registerHourly(jobs: JobQueue, name: string, work: () => Promise<void>) {
  jobs.register<{ slot: number }>(name, async ({ slot }) => {
    await work();
    const next = slotJob(Math.max(slot + 1, comingSlot()));
    await jobs.enqueue(name, next.payload, next.opts);
  });
}

/** Queues the coming hour's run unless a process already did (every process calls it at start). */
export function scheduleHourly(jobs: JobQueue, name: string) {
  const job = slotJob(comingSlot());
  return jobs.enqueue(name, job.payload, job.opts);
}
