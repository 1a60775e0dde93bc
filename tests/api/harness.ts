import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { buildApp, type BuildOptions, type BuiltApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { admin, migratedPostgres, migratedSqlite } from './migrated-databases.js';

export const DATABASES: Array<{ name: 'sqlite' | 'postgres'; url: string | null }> = [
  { name: 'sqlite', url: null },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }] : []),
];

export interface TestServer extends BuiltApp {
  config: Config;
  /** Sends a request through Fastify's injector; `token` becomes the bearer header. */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
}

/** An empty PostgreSQL schema of the test's own, for tests of what migrating or restoring does. */
export async function freshSchema(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await admin(url, (c) => c.query(`create schema ${schema}`));
  const sep = url.includes('?') ? '&' : '?';
  return {
    url: `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => void (await admin(url, (c) => c.query(`drop schema ${schema} cascade`))),
  };
}

export async function startTestServer(
  databaseUrl: string | null,
  overrides: Partial<Config> = {},
  appOptions: BuildOptions = { logger: false },
): Promise<TestServer & { stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-test-'));
  // A caller naming the database or the data folder brings its own (a second process's, a restore).
  const ownDatabase = overrides.databaseUrl === undefined && overrides.dataDir === undefined;
  const database = databaseUrl && ownDatabase ? await migratedPostgres(databaseUrl) : null;
  if (!databaseUrl && ownDatabase) await migratedSqlite(dataDir);
  const config = loadConfig(
    { AUTH_SECRET: 'test-secret-test-secret-test-secret', PUBLIC_URL: 'http://fieldwork.test' },
    {
      dataDir,
      databaseUrl: database?.url ?? null,
      authRateLimit: 1000,
      publicRateLimit: 1000,
      clientDir: path.join(dataDir, 'no-client'),
      // Test servers given REDIS_URL must not take each other's BullMQ jobs.
      jobQueueName: `test-${path.basename(dataDir)}`,
      ...overrides,
    },
  );
  let built: BuiltApp;
  try {
    built = await buildApp(config, appOptions);
  } catch (err) {
    await database?.drop();
    throw err;
  }
  const call: TestServer['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await built.app.inject({ method, url, headers, ...(opts.body !== undefined ? { payload: opts.body as any } : {}) });
    let body: any = res.body;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.statusCode, body, headers: res.headers };
  };
  return {
    ...built,
    config,
    call,
    stop: async () => {
      await built.app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the suite once per database: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 * The callback receives a getter for the running server of that pass.
 */
export function describeEachDatabase(name: string, suite: (server: () => TestServer) => void, overrides: Partial<Config> = {}) {
  for (const database of DATABASES) {
    describe(`${name} [${database.name}]`, () => {
      let server: Awaited<ReturnType<typeof startTestServer>>;
      beforeAll(async () => {
        server = await startTestServer(database.url, overrides);
      });
      afterAll(async () => {
        await server?.stop();
      });
      suite(() => server);
    });
  }
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++counter}@example.com`;

export async function registerUser(s: TestServer, overrides: Record<string, unknown> = {}) {
  const body = { name: 'Test Person', phone: '+1 555 123 4567', email: uniqueEmail(), password: 'secret123', ...overrides };
  const res = await s.call('POST', '/api/v1/users', { body });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user: res.body.user, token: res.body.token as string, password: body.password as string, email: body.email as string };
}

export const companyData = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Paving',
  ein: '12-3456789',
  address: '100 Main Street',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  zip: '78701',
  contactName: 'Alice Owner',
  contactPhone: '+1 512 555 0100',
  contactEmail: 'office@acme.example',
  ...overrides,
});

export async function createCompany(s: TestServer, token: string, overrides: Record<string, unknown> = {}) {
  const res = await s.call('POST', '/api/v1/companies', { token, body: companyData(overrides) });
  if (res.status !== 201) throw new Error(`create company failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Adds a registered user to a company with one of its roles, written straight into the database. */
export async function addMember(s: TestServer, companyId: number, roleName: string) {
  const member = await registerUser(s);
  const role = await s.services.db
    .selectFrom('roles')
    .select('id')
    .where('scope_type', '=', 'company')
    .where('scope_id', '=', companyId)
    .where('name', '=', roleName)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await s.services.db
    .insertInto('memberships')
    .values({ user_id: member.user.id, company_id: companyId, type: 'company', role_id: role.id, status: 'accepted', name: member.user.name, email: member.email, notification_settings: '{}', created_at: now, updated_at: now })
    .execute();
  return member;
}

/** A new user who owns a new company: the usual starting point of a company-scoped test. */
export async function ownerWithCompany(s: TestServer, name = 'Acme Paving') {
  const owner = await registerUser(s);
  const company = await createCompany(s, owner.token, { name });
  return { ...owner, company };
}

/** A multipart/form-data body as browsers send it: text fields first, then the file. */
export function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----fieldwork${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  chunks.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG: one transparent pixel. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
