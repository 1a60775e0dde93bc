import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Whether this process runs background jobs (RUN_JOBS=false: it only queues them for the others). */
  runJobs: boolean;
  /** The BullMQ queue's name in Redis; installations sharing one Redis need different names. */
  jobQueueName: string;
  smtpUrl: string | null;
  publicUrl: string;
  authSecret: string;
  /** AES-256 keys for SSNs and driver's licence numbers: the one that encrypts, and older ones still read. */
  fieldKeys: { current: Buffer; previous: Buffer[] };
  maxUploadMb: number;
  logLevel: string;
  /** Requests per minute per IP on login, register and forgot-password. */
  authRateLimit: number;
  clientDir: string;
  /** Fastify's trustProxy: false, true, or a comma list of proxy addresses. */
  trustProxy: boolean | string;
}

/** Keeps a generated secret in the data folder so it survives restarts when its variable is unset. */
function loadOrCreateSecret(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = generate();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A base64 AES-256 key; anything else stops the start, since a wrong key would make the data unreadable. */
function fieldKey(value: string, variable: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${variable} must be 32 bytes in base64 (openssl rand -base64 32)`);
  return key;
}

function loadFieldKeys(env: NodeJS.ProcessEnv, dataDir: string): Config['fieldKeys'] {
  const current = env.FIELD_ENCRYPTION_KEY
    ? fieldKey(env.FIELD_ENCRYPTION_KEY, 'FIELD_ENCRYPTION_KEY')
    : fieldKey(loadOrCreateSecret(dataDir, 'field-key', () => randomBytes(32).toString('base64')), `${dataDir}/field-key`);
  const previous = (env.FIELD_ENCRYPTION_PREVIOUS_KEYS ?? '')
    .split(',')
    .filter((k) => k.trim())
    .map((k) => fieldKey(k, 'FIELD_ENCRYPTION_PREVIOUS_KEYS'));
  return { current, previous };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? 'data');
  mkdirSync(path.join(dataDir, 'files'), { recursive: true });
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    runJobs: env.RUN_JOBS !== 'false',
    jobQueueName: env.JOB_QUEUE || 'fieldwork',
    smtpUrl: env.SMTP_URL || null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    authSecret: env.AUTH_SECRET || loadOrCreateSecret(dataDir, 'auth-secret', () => randomBytes(48).toString('base64url')),
    fieldKeys: overrides.fieldKeys ?? loadFieldKeys(env, dataDir),
    maxUploadMb: Number(env.MAX_UPLOAD_MB ?? 25),
    logLevel: env.LOG_LEVEL ?? 'info',
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 20),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    ...overrides,
  };
}
