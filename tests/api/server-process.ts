import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

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

/** A real server process (server/main.ts under tsx), answered once its health route does. */
export async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, child, output };
    } catch {
      // not listening yet
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
