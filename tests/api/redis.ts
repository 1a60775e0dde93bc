import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

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
 * A Redis of the test's own on the given port, keeping nothing on disk (its folder is `dir`), for tests
 * that stop it while servers use it: the shared Redis is never stopped.
 */
export function ownRedis(port: number, dir: string): OwnRedis {
  let child: ChildProcess | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) return;
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
      child = started;
      const deadline = Date.now() + 10_000;
      while (!(await reachable('127.0.0.1', port))) {
        if (started.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not listen on port ${port}`);
        await new Promise((r) => setTimeout(r, 50));
      }
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
