/** What `npm run backup` and `npm run restore` share: the manifest, the key files, and finding PostgreSQL's tools. */
import { spawn } from 'node:child_process';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';

export { SQLITE_FILE } from '../server/db/index.js';

export const MANIFEST_VERSION = 1;
export const PG_DUMP_FILE = 'database.dump';
/** The generated secrets config.ts keeps in DATA_DIR when AUTH_SECRET / FIELD_ENCRYPTION_KEY are unset. */
export const KEY_FILES = ['auth-secret', 'field-key'] as const;

export const manifestSchema = z
  .object({
    version: z.literal(MANIFEST_VERSION),
    dialect: z.enum(['sqlite', 'postgres']),
    createdAt: z.string(),
    /** PostgreSQL: the one schema dumped when the server's search_path is not `public`; null for the whole database. */
    schema: z.string().nullable(),
    /** Whether files/ holds the uploaded files (false with S3: the bucket is backed up by the operator's S3 tooling). */
    filesIncluded: z.boolean(),
    keyFiles: z.array(z.enum(KEY_FILES)),
    counts: z.object({ tables: z.number(), files: z.number(), fileBytes: z.number() }).strict(),
  })
  .strict();
export type Manifest = z.infer<typeof manifestSchema>;

/** pg_dump or pg_restore: on PATH, else Debian's versioned folders (newest first). */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const candidate = path.join(root, v, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found on PATH or under /usr/lib/postgresql/*/bin: install the PostgreSQL client (Debian: postgresql-client) of the server's major version or newer`);
}

/**
 * DATABASE_URL as a pg_dump / pg_restore argument without its password, which goes in PGPASSWORD
 * instead: a process's arguments are readable by every user of the machine (ps), its environment is not.
 */
export function pgToolConnection(databaseUrl: string): { arg: string; env: NodeJS.ProcessEnv } {
  const url = URL.canParse(databaseUrl) ? new URL(databaseUrl) : null;
  if (!url?.password) return { arg: `--dbname=${databaseUrl}`, env: process.env };
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { arg: `--dbname=${url}`, env: { ...process.env, PGPASSWORD: password } };
}

/** Runs a tool without a shell; its stderr becomes the error's message when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}: ${stderr.trim()}`))));
  });
}

/** One query on a short-lived connection of its own (the scripts never build the app). */
export async function pgQuery<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A pg_dump -n / pg_restore pattern naming exactly this schema. */
export const exactSchema = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The command line, or its usage and exit 2 for anything it does not take. */
export function parseCommandLine<T extends ParseArgsConfig>(config: T, usage: string) {
  try {
    return parseArgs(config);
  } catch (err) {
    console.error(`${(err as Error).message}\nUsage: ${usage}`);
    process.exit(2);
  }
}
