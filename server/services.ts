import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/index.js';
import { AccessCache } from './http/access-cache.js';
import { FieldCipher } from './lib/field-cipher.js';
import { Mailer } from './lib/mail.js';
import { TokenSigner } from './lib/tokens.js';

/** What route handlers and services share for the life of the server. */
export interface Services {
  config: Config;
  db: Db;
  dialect: Dialect;
  signer: TokenSigner;
  mailer: Mailer;
  /** What each request knows of its caller; cleared by every write to the tables it reads. */
  accessCache: AccessCache;
  /** Encrypts and decrypts SSNs and driver's licence numbers. */
  fieldCipher: FieldCipher;
  authRateLimit: { max: number; timeWindow: string };
}

export function createServices(config: Config, db: Db, dialect: Dialect, log: FastifyBaseLogger, accessCache: AccessCache): Services {
  return {
    config,
    db,
    dialect,
    signer: new TokenSigner(config.authSecret),
    mailer: new Mailer(db, log, config.smtpUrl),
    accessCache,
    fieldCipher: new FieldCipher(config.fieldKeys),
    authRateLimit: { max: config.authRateLimit, timeWindow: '1 minute' },
  };
}
