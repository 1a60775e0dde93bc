import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, Dialect } from '../db/index.js';
import { BullJobQueue } from './bullmq-queue.js';
import { DatabaseJobQueue } from './database-queue.js';
import { DEFAULT_JOB_SETTINGS, type JobQueue, type JobQueueSettings } from './job-queue.js';

export type { JobContext, JobHandler, JobQueue } from './job-queue.js';

/** BullMQ when REDIS_URL is set (several processes share the work), else the jobs table polled in-process. */
export function createJobQueue(config: Config, db: Db, dialect: Dialect, log: FastifyBaseLogger): JobQueue {
  const settings: JobQueueSettings = { ...DEFAULT_JOB_SETTINGS, runJobs: config.runJobs };
  return config.redisUrl
    ? new BullJobQueue(db, dialect, log, settings, { url: config.redisUrl, queueName: config.jobQueueName })
    : new DatabaseJobQueue(db, dialect, log, settings);
}
