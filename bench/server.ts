// Starts the real server (`server/main.ts` with tsx's loader) as its own process, the way `npm start` runs it,
// on a free loopback port with a throwaway data folder.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  baseUrl: string;
  /** The server's data folder, for seeding its database directly. */
  dataDir: string;
  /** The pid of the node process serving, for reading its memory. */
  serverPid(): Promise<number>;
  /**
   * Stops the process and starts another on the same port, data and secret: a server whose planner
   * has read the statistics of a volume seeded behind its back (SQLite loads them when a connection opens).
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /** Environment over the bench's defaults (REDIS_URL, AUTH_SECRET shared by two processes). */
  env?: Record<string, string>;
  /** A data folder shared with another process (SQLite file); left in place at stop. */
  dataDir?: string;
}

/** One server process on `port`, answering /api/v1/health. */
async function launch(port: number, env: NodeJS.ProcessEnv) {
  // node with tsx's loader, not the tsx command: a CPU profile is only written by the process that runs the server.
  const child = spawn(process.execPath, ['--import', 'tsx', ...(process.env.PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF_DIR}`] : []), 'server/main.ts'], {
    cwd: ROOT,
    // Own process group, so stopping it also stops anything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-8000);
    for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`  [server] ${line}\n`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited: number | null | undefined;
  const exitedPromise = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exited = code;
      resolve();
    }),
  );

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`the server exited (code ${exited}) before answering /api/v1/health:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`the server did not answer /api/v1/health within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    pid: child.pid!,
    stop: async () => {
      if (exited !== undefined) return;
      process.kill(-child.pid!, 'SIGTERM');
      const timer = setTimeout(() => exited === undefined && process.kill(-child.pid!, 'SIGKILL'), 10_000);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}

export async function startServer(databaseUrl: string | null, options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'fieldwork-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Empty means unset to the server: the SQLite run must not pick up a DATABASE_URL from the shell.
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    SMTP_URL: '',
    // Kept across a restart, so the seeded sessions' tokens stay valid.
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    // The per-IP limit on login and register would otherwise turn the login run into 429s.
    AUTH_RATE_LIMIT: '1000000000',
    // Every guest of the public dashboard scenario comes from 127.0.0.1: one address, not fifty.
    PUBLIC_RATE_LIMIT: '1000000000',
    LOG_LEVEL: 'warn',
    // The file transfer bench sends one 200 MB file.
    MAX_UPLOAD_MB: '256',
    ...options.env,
  };
  let running = await launch(port, env);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    serverPid: async () => running.pid,
    restart: async () => {
      await running.stop();
      running = await launch(port, env);
    },
    stop: async () => {
      await running.stop();
      // BENCH_KEEP_DATA=1 leaves the seeded database (and PostgreSQL schema) for EXPLAIN and timing by hand.
      if (process.env.BENCH_KEEP_DATA) process.stderr.write(`  seeded data kept in ${dataDir}\n`);
      else if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * After a seed the server reopens its database, as a running server is after its hourly PRAGMA
 * optimize: the seeders write through a connection of their own, behind the server's open connections
 * and the statements they prepared over empty tables. On the server that stayed open, SQLite's task
 * grid by crew and status took 41-107 ms and PostgreSQL's budget report 862 ms at p95; reopened over
 * the same data, 8 ms and 165 ms (the plan EXPLAIN shows on a fresh connection is the same either way,
 * so which part of the open connection's state cost it is not pinned down).
 */
export async function reopenAfterSeed(server: RunningServer, log: (line: string) => void) {
  log('  restarting the server over the seeded volume ...');
  await server.restart();
}

/** A schema of its own on the given PostgreSQL server, so the bench never touches real data. */
export async function freshPostgresSchema(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  const sep = url.includes('?') ? '&' : '?';
  return {
    url: `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => {
      if (process.env.BENCH_KEEP_DATA) process.stderr.write(`  seeded schema kept: ${schema}\n`);
      else await admin(`drop schema ${schema} cascade`);
    },
  };
}
