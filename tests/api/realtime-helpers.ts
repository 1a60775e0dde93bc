import { io, type Socket } from 'socket.io-client';
import { AUTH_TOKEN_HEADER, parseSocketPayload, SOCKET_PATH, type SocketEvent } from '../../resources/realtime.js';
import type { TestServer } from './harness.js';

/** Makes the test server listen on a free port (the injector alone carries no WebSocket). */
export async function listen(s: TestServer): Promise<string> {
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const address = s.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export interface SocketOptions {
  token?: string;
  /** Sends the token as the `auth-token` header (server clients) instead of in `auth` (browsers). */
  asHeader?: boolean;
  companyId?: number | string;
}

const open: Socket[] = [];

/** Connects a socket.io client; resolves once connected, rejects with the server's connect_error. */
export function connectSocket(url: string, opts: SocketOptions = {}): Promise<Socket> {
  const auth: Record<string, unknown> = {};
  if (opts.token && !opts.asHeader) auth[AUTH_TOKEN_HEADER] = opts.token;
  if (opts.companyId !== undefined) auth.companyId = opts.companyId;
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth,
    extraHeaders: opts.token && opts.asHeader ? { [AUTH_TOKEN_HEADER]: opts.token } : {},
  });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export function closeSockets() {
  for (const socket of open.splice(0)) socket.close();
}

/** Every parsed payload the socket receives for an event, from now on. */
export function collect<T = unknown>(socket: Socket, event: SocketEvent): T[] {
  const seen: T[] = [];
  socket.on(event, (raw: unknown) => {
    const payload = parseSocketPayload<T>(raw);
    if (payload instanceof Error) throw payload;
    seen.push(payload);
  });
  return seen;
}

/** Waits until the condition holds (or the time is up), then answers it. */
export async function eventually(condition: () => boolean, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  return condition();
}

/** Lets any event already on its way arrive (for "did not receive" checks). */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
