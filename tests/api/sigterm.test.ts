import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { SHUTDOWN_GRACE_MS } from '../../server/shutdown.js';
import { connectSocket } from './realtime-helpers.js';
import { servingPort } from './server-process.js';
import { until } from './until.js';

/**
 * Issue 22: the real server process (server/main.ts, on SQLite) stopped with SIGTERM answers the
 * request it is in the middle of, refuses new connections, disconnects its sockets and exits 0
 * within the grace period.
 */

/** Whether a new connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.on('connect', () => (socket.destroy(), resolve(false)));
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

describe('SIGTERM stops the server process (on SQLite) gracefully', () => {
  let child: ChildProcess | undefined;
  let socket: Socket | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-sigterm-'));
  const agent = new http.Agent({ keepAlive: true });

  afterAll(() => {
    agent.destroy();
    socket?.close();
    if (child && child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, refuses new connections, disconnects sockets and exits 0 in time', async () => {
    const output: string[] = [];
    // PORT=0: the server takes a free port and names it in its start line.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', AUTH_SECRET: 'test-secret-test-secret-test-secret' };
    // The server runs on its own: on SQLite in its folder, with no Redis, mail server or client build.
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'S3_URL', 'S3_BUCKET']) delete env[name];
    env.CLIENT_DIR = path.join(dataDir, 'no-client');
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: path.resolve(__dirname, '../..'), env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout!.on('data', (d) => output.push(String(d)));
    child.stderr!.on('data', (d) => output.push(String(d)));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const logged = (text: string) => output.join('').includes(text);
    await until('the server to start', () => logged('Fieldwork serving') || child!.exitCode !== null, 60_000);
    expect(child.exitCode, output.join('')).toBeNull();
    const port = servingPort(output.join(''))!;
    expect(port, output.join('')).toBeGreaterThan(0);

    const base = `http://127.0.0.1:${port}`;
    const registered = await fetch(`${base}/api/v1/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sam Socket', phone: '+1 555 123 4567', email: 'sam.socket@example.com', password: 'secret123' }),
    });
    expect(registered.status).toBe(201);
    socket = await connectSocket(base, { token: (await registered.json()).token });
    const disconnected = new Promise<string>((resolve) => socket!.once('disconnect', (reason) => resolve(reason)));

    // A registration whose body has only half arrived when the signal comes: in flight.
    const body = JSON.stringify({ name: 'Ivy Inflight', phone: '+1 555 123 4567', email: 'ivy.inflight@example.com', password: 'secret123' });
    let answer: { status: number; text: string } | undefined;
    // A client that keeps its connection open after the answer, as browsers and proxies do.
    const req = http.request(`${base}/api/v1/users`, { agent, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => (answer = { status: res.statusCode!, text }));
    });
    const received = () => output.join('').split('incoming request').length - 1;
    const before = received();
    req.write(body.slice(0, 20));
    await until('the server to receive the request', () => received() > before, 5_000);
    const signalled = Date.now();
    child.kill('SIGTERM');
    await until('the shutdown to begin', () => logged('shutting down'), 5_000);
    expect(await disconnected).toBe('io server disconnect');
    await until('new connections to be refused', () => refused(port), 5_000);
    expect(child.exitCode).toBeNull(); // it waits for the request in flight
    req.end(body.slice(20));

    const code = await Promise.race([exited, new Promise<'late'>((r) => setTimeout(() => r('late'), SHUTDOWN_GRACE_MS))]);
    const seconds = (Date.now() - signalled) / 1000;
    console.log(`SIGTERM: exited with ${code} after ${seconds.toFixed(2)} s; the request in flight answered ${answer?.status}`);
    expect(code, output.join('')).toBe(0);
    expect(answer?.status, answer?.text).toBe(201);
  }, 90_000);
});
