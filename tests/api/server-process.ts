import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** A port free a moment ago, for a server of the test's own that cannot choose one itself (ownRedis retries when it was taken meanwhile). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it wrote to stdout and stderr. */
  output: string[];
}

/**
 * The port a server process started with PORT=0 took, read from its start line (server/main.ts, at
 * level info), or null before it is written. A port picked free beforehand and handed to the process
 * could be taken by another process in between; PORT=0 cannot.
 */
export function servingPort(output: string): number | null {
  const match = /Fieldwork serving http:\/\/localhost:(\d+)\//.exec(output);
  return match ? Number(match[1]) : null;
}

/**
 * A real server process (server/main.ts under tsx) on a port of its choosing (PORT=0), answered once
 * its health route does. It logs at level info, whose start line names the port.
 */
export async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, LOG_LEVEL: 'info', ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    const port = servingPort(output.join(''));
    const url = `http://127.0.0.1:${port}`;
    try {
      if (port !== null && (await fetch(`${url}/api/v1/health`)).ok) return { url, child, output };
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  process.kill(-child.pid!, 'SIGKILL');
  throw new Error(`server did not start: ${output.join('')}`);
}

/** SIGTERM to the process (group), SIGKILL after 10 s; answers its exit code (null when it had to be killed). */
export async function stopProcess(p: ServerProcess | undefined): Promise<number | null> {
  if (!p) return null;
  if (p.child.exitCode !== null) return p.child.exitCode;
  const exited = new Promise((r) => p.child.once('exit', r));
  process.kill(-p.child.pid!, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
  if (p.child.exitCode === null && p.child.signalCode === null) process.kill(-p.child.pid!, 'SIGKILL');
  return p.child.exitCode;
}
