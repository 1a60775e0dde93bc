import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/index.js';
import type { ReadCache } from './db/read-cache.js';
import { FieldCipher } from './lib/field-cipher.js';
import { createJobQueue, type JobQueue } from './jobs/index.js';
import { Mailer } from './lib/mail.js';
import { AppMetrics } from './metrics/app-metrics.js';
import { Readiness } from './lib/readiness.js';
import { TokenSigner } from './lib/tokens.js';
import type { ObjectStore } from './storage/object-store.js';
import { RealtimeHub } from './realtime/hub.js';

/** What route handlers and services share for the life of the server. */
export interface Services {
  log: FastifyBaseLogger;
  config: Config;
  db: Db;
  dialect: Dialect;
  signer: TokenSigner;
  /** Durable background work (mail, and later conversions and reports); register handlers before start. */
  jobs: JobQueue;
  mailer: Mailer;
  /** What each request knows of its caller, and cached list answers; dropped by writes to the tables they read. */
  readCache: ReadCache;
  /** Where file bytes live (the data folder or an S3 bucket). */
  storage: ObjectStore;
  /** Encrypts and decrypts SSNs and driver's licence numbers. */
  fieldCipher: FieldCipher;
  authRateLimit: { max: number; timeWindow: string };
  /** Per IP on the routes read without login (public dashboards), each route counted on its own. */
  publicRateLimit: { max: number; timeWindow: string };
  /** Per API token, over every route it calls together. */
  apiTokenRateLimit: { max: number; timeWindow: string };
  /** Real-time events to users' and companies' sockets, sent once the request that caused them succeeded. */
  realtime: RealtimeHub;
  /** What GET /metrics shows of this process. */
  metrics: AppMetrics;
  /** GET /health/ready: the database and Redis, each checked on its own. */
  readiness: Readiness;
}

export function createServices(config: Config, db: Db, dialect: Dialect, log: FastifyBaseLogger, readCache: ReadCache, storage: ObjectStore): Services {
  const jobs = createJobQueue(config, db, dialect, log);
  return {
    log,
    config,
    db,
    dialect,
    signer: new TokenSigner(config.authSecret),
    jobs,
    mailer: new Mailer(db, jobs, log, config.smtpUrl, storage),
    readCache,
    storage,
    fieldCipher: new FieldCipher(config.fieldKeys),
    authRateLimit: { max: config.authRateLimit, timeWindow: '1 minute' },
    publicRateLimit: { max: config.publicRateLimit, timeWindow: '1 minute' },
    apiTokenRateLimit: { max: config.apiTokenRateLimit, timeWindow: '1 minute' },
    realtime: new RealtimeHub(),
    metrics: new AppMetrics(),
    readiness: new Readiness(db, config.redisUrl, log),
  };
}
