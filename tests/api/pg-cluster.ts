import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, for tests that stop
 * and start the database: the shared server (TEST_DATABASE_URL) is never touched.
 */
export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server if it runs and removes its folder; never throws. */
  destroy(): Promise<void>;
}

/** The folder holding initdb and pg_ctl: on PATH, else Debian's newest /usr/lib/postgresql/<version>/bin. */
export function findPgBin(): string | null {
  const has = (dir: string) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
  const onPath = (process.env.PATH ?? '').split(path.delimiter).find((dir) => dir && has(dir));
  if (onPath) return onPath;
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(debian, v, 'bin')).find(has) ?? null;
}

const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPgCluster(bin: string): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-pg-'));
  // PostgreSQL refuses to run as root: the server runs as the postgres user, who owns the folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);
  const data = path.join(dir, 'data');
  let port = await freePort();
  let running = false;
  const cluster: PgCluster = {
    get url() {
      return `postgres://postgres@127.0.0.1:${port}/postgres`;
    },
    async start() {
      // Its socket file stays in its own folder, beside no other server's.
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=40`;
      await tool('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await tool('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // The port was free a moment ago, but another process may have taken it since: take another.
    for (let attempt = 1; ; attempt++) {
      try {
        await cluster.start();
        break;
      } catch (err) {
        const taken = /already in use/i.test(readLog(path.join(dir, 'server.log')));
        if (!taken || attempt === 5) throw err;
        port = await freePort();
      }
    }
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}
