import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from './server-process.js';

/** The Redis the tests that need one talk to (REDIS_TEST_URL, else the local one). */
export const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
}

export function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return reachable(hostname, Number(port || 6379));
}

/** Whether `redis-server` is on PATH, for the tests that run (and stop) a Redis of their own. */
export const redisServerFound = () => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, 'redis-server')));

export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  /** Stops it (SIGTERM, waiting for the exit); a later start() is an empty Redis, as nothing is saved. */
  stop(): Promise<void>;
}

/**
 * A Redis of the test's own, keeping nothing on disk (its folder is `dir`), for tests that stop it
 * while servers use it: the shared Redis is never stopped. Its port was free when picked but may be
 * taken before redis-server binds it: the first start then takes another free port (read `url` after
 * it). It counts as started when its own child says it is ready, not when anything answers the port.
 */
export function ownRedis(port: number, dir: string): OwnRedis {
  let child: ChildProcess | null = null;
  let started = false;
  /** Starts redis-server on `port`: true once it is ready, false when the port was taken. */
  const launch = async () => {
    const output: string[] = [];
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout!.on('data', (d) => output.push(String(d)));
    proc.stderr!.on('data', (d) => output.push(String(d)));
    const ended = () => proc.exitCode !== null || proc.signalCode !== null;
    const deadline = Date.now() + 10_000;
    while (!ended() && !output.join('').includes('Ready to accept connections')) {
      if (Date.now() > deadline) {
        proc.kill('SIGKILL');
        throw new Error(`redis-server was not ready on port ${port} within 10 s: ${output.join('')}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!ended()) {
      child = proc;
      return true;
    }
    if (/already in use/i.test(output.join(''))) return false;
    throw new Error(`redis-server did not start on port ${port}: ${output.join('')}`);
  };
  return {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    async start() {
      if (child) return;
      if (started) {
        // A restart keeps its port: the servers under test hold that URL.
        if (!(await launch())) throw new Error(`port ${port} was taken while the test's Redis was stopped`);
        return;
      }
      for (let attempt = 1; !(await launch()); attempt++) {
        if (attempt === 5) throw new Error("no free port for the test's Redis after 5 tries");
        port = await freePort();
      }
      started = true;
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGTERM');
      await exited;
    },
  };
}

/** Fails the suite calling it when Redis does not answer: tests needing Redis are never skipped. */
export async function requireRedis(): Promise<void> {
  if (!(await redisReachable())) throw new Error(`Redis must be reachable at ${REDIS_URL} (set REDIS_TEST_URL; .ci/run starts one)`);
}
