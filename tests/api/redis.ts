import net from 'node:net';

/** The Redis the tests that need one talk to (REDIS_TEST_URL, else the local one). */
export const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

export function redisReachable(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(REDIS_URL);
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
}
