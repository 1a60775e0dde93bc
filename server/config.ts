import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GeocoderSettings } from './lib/geocoder.js';
import type { S3Settings } from './storage/s3-store.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL): a longer statement is cancelled; 0 for none. */
  statementTimeoutMs: number;
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
  /** Map tiles as a {z}/{x}/{y} URL template (leaflet's), allowed by the content security policy. */
  mapTileUrl: string;
  /** A check-in's weather: a URL template with {lat} and {lng} answering Open-Meteo's JSON, or null for none (server/lib/weather.ts). */
  weather: { url: string | null; timeoutMs: number };
  /** Address search and reverse geocoding: a Nominatim- or Photon-compatible base URL, or null for none (server/lib/geocoder.ts). */
  geocoder: GeocoderSettings;
  /** Where file bytes live: DATA_DIR/files, or an S3-compatible bucket (S3_URL or S3_BUCKET...). */
  storage: { kind: 'local' } | { kind: 's3'; s3: S3Settings };
  logLevel: string;
  /** Requests per minute per IP on login, register and forgot-password. */
  authRateLimit: number;
  /** Requests per minute per IP on each public dashboard route. */
  publicRateLimit: number;
  /** Requests per minute per API token, all routes together (API_TOKEN_RATE_LIMIT). */
  apiTokenRateLimit: number;
  clientDir: string;
  /** Fastify's trustProxy: false, true, or a comma list of proxy addresses. */
  trustProxy: boolean | string;
  /** The bearer token GET /metrics asks of operators (Prometheus); null: the endpoint answers 404. */
  metricsToken: string | null;
  /** Webhook deliveries (server/lib/webhooks/): private addresses allowed (WEBHOOK_ALLOW_PRIVATE), the timeout of one attempt and the retry schedule. */
  webhooks: WebhookSettings;
}

export interface WebhookSettings {
  /** WEBHOOK_ALLOW_PRIVATE=true: endpoints may be http and on private, loopback and link-local addresses (tests, receivers on the same private network). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** The first retry waits this long, each later one twice the one before, at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Retries stop this long after the first attempt (the delivery fails); an endpoint failing this long is paused. */
  retryForMs: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: Omit<WebhookSettings, 'allowPrivate'> = {
  timeoutMs: 10_000,
  retryBaseMs: 60_000,
  retryMaxMs: 60 * 60_000,
  retryForMs: 24 * 60 * 60_000,
};

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

/**
 * S3_URL (`https://KEY:SECRET@host:port/bucket/optional/prefix?region=eu-west-1`) or the separate
 * S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX (with AWS,
 * leave the endpoint and keys unset and the SDK's usual AWS_* variables and roles apply).
 */
function loadStorage(env: NodeJS.ProcessEnv): Config['storage'] {
  if (env.S3_URL) {
    const url = new URL(env.S3_URL);
    const [bucket, ...prefix] = url.pathname.split('/').filter(Boolean);
    if (!bucket) throw new Error('S3_URL must name the bucket: https://KEY:SECRET@host/bucket');
    return {
      kind: 's3',
      s3: {
        endpoint: `${url.protocol}//${url.host}`,
        region: url.searchParams.get('region') ?? env.S3_REGION ?? 'us-east-1',
        bucket,
        accessKeyId: decodeURIComponent(url.username) || null,
        secretAccessKey: decodeURIComponent(url.password) || null,
        forcePathStyle: url.searchParams.get('pathStyle') !== 'false',
        prefix: prefix.length ? `${prefix.join('/')}/` : '',
      },
    };
  }
  if (!env.S3_BUCKET) return { kind: 'local' };
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    s3: {
      endpoint: env.S3_ENDPOINT || null,
      region: env.S3_REGION ?? 'us-east-1',
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID || null,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
      prefix: prefix ? `${prefix}/` : '',
    },
  };
}

/** DATABASE_STATEMENT_TIMEOUT_MS, 30 s unless set: far above any request's queries, below a client's patience. */
function loadStatementTimeout(env: NodeJS.ProcessEnv): number {
  const raw = env.DATABASE_STATEMENT_TIMEOUT_MS?.trim();
  const ms = raw ? Number(raw) : 30_000;
  if (!Number.isInteger(ms) || ms < 0) throw new Error('DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (0 for none)');
  return ms;
}

/** METRICS_TOKEN: long enough that guessing it is hopeless, since GET /metrics is reachable by anyone who can reach the server. */
function loadMetricsToken(env: NodeJS.ProcessEnv): string | null {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return null;
  if (token.length < 24 || /\s/.test(token)) throw new Error('METRICS_TOKEN must be at least 24 characters without spaces (openssl rand -hex 32)');
  return token;
}

/** GEOCODER_URL and GEOCODER_KIND; a kind the server cannot read stops the start rather than failing every search. */
function loadGeocoder(env: NodeJS.ProcessEnv, publicUrl: string): GeocoderSettings {
  const kind = (env.GEOCODER_KIND?.trim() || 'nominatim').toLowerCase();
  if (kind !== 'nominatim' && kind !== 'photon') throw new Error('GEOCODER_KIND must be nominatim or photon');
  // Nominatim's usage policy asks every application to name itself; the address is where it answers.
  return { url: env.GEOCODER_URL?.trim().replace(/\/+$/, '') || null, kind, timeoutMs: 3000, userAgent: `Fieldwork (${publicUrl})` };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? 'data');
  mkdirSync(path.join(dataDir, 'files'), { recursive: true });
  const port = Number(env.PORT ?? 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    statementTimeoutMs: loadStatementTimeout(env),
    redisUrl: env.REDIS_URL || null,
    runJobs: env.RUN_JOBS !== 'false',
    jobQueueName: env.JOB_QUEUE || 'fieldwork',
    smtpUrl: env.SMTP_URL || null,
    publicUrl,
    authSecret: env.AUTH_SECRET || loadOrCreateSecret(dataDir, 'auth-secret', () => randomBytes(48).toString('base64url')),
    fieldKeys: overrides.fieldKeys ?? loadFieldKeys(env, dataDir),
    maxUploadMb: Number(env.MAX_UPLOAD_MB ?? 25),
    mapTileUrl: env.MAP_TILE_URL || DEFAULT_MAP_TILE_URL,
    weather: { url: env.WEATHER_URL?.trim() || null, timeoutMs: 3000 },
    geocoder: loadGeocoder(env, publicUrl),
    storage: loadStorage(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 20),
    publicRateLimit: Number(env.PUBLIC_RATE_LIMIT ?? 120),
    apiTokenRateLimit: Number(env.API_TOKEN_RATE_LIMIT ?? 600),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    metricsToken: loadMetricsToken(env),
    webhooks: { ...DEFAULT_WEBHOOK_SETTINGS, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true' },
    ...overrides,
  };
}

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * Where a tile template's images come from, for the content security policy's img-src: its origin,
 * with a `{s}` subdomain as a wildcard ('https://{s}.tile.example.com/…' is 'https://*.tile.example.com').
 * A relative template (tiles served by this server) needs nothing beyond 'self'.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/]+)/i.exec(template.trim());
  if (!m) return null;
  const host = m[2]!.replace(/\{s\}/g, '*');
  return /^[A-Za-z0-9.*:-]+$/.test(host) ? `${m[1]!.toLowerCase()}://${host}` : null;
}
