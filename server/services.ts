import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/index.js';
import { AccessCache } from './http/access-cache.js';
import { FieldCipher } from './lib/field-cipher.js';
import { createJobQueue, type JobQueue } from './jobs/index.js';
import { Mailer } from './lib/mail.js';
import { TokenSigner } from './lib/tokens.js';

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
  /** What each request knows of its caller; cleared by every write to the tables it reads. */
  accessCache: AccessCache;
  /** Encrypts and decrypts SSNs and driver's licence numbers. */
  fieldCipher: FieldCipher;
  authRateLimit: { max: number; timeWindow: string };
}

export function createServices(config: Config, db: Db, dialect: Dialect, log: FastifyBaseLogger, accessCache: AccessCache): Services {
  const jobs = createJobQueue(config, db, dialect, log);
  return {
    log,
    config,
    db,
    dialect,
    signer: new TokenSigner(config.authSecret),
    jobs,
    mailer: new Mailer(db, jobs, log, config.smtpUrl),
    accessCache,
    fieldCipher: new FieldCipher(config.fieldKeys),
    authRateLimit: { max: config.authRateLimit, timeWindow: '1 minute' },
  };
}
