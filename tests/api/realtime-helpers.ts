import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { AUTH_TOKEN_HEADER, parseSocketPayload, SOCKET_PATH, type SocketEvent } from '../../resources/realtime.js';
import type { TestServer } from './harness.js';
import { until } from './until.js';

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
export function eventually(condition: () => boolean, ms = 2000): Promise<boolean> {
  return until('the condition', condition, ms, 10).then(
    () => true,
    () => condition(),
  );
}

/** A test-only event: the marker of `flushed`, which no collector listens to. */
const FLUSH = 'test-flush' as SocketEvent;

/**
 * Resolves once every event already sent to the socket has arrived: a marker published now to its
 * user follows them on the socket's one connection, which keeps their order. "Did not receive"
 * checks wait on it rather than on a fixed pause, which a loaded machine can outlast.
 */
export function flushed(s: TestServer, socket: Socket, userId: number, ms = 5000): Promise<void> {
  const marker = randomUUID();
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      socket.off(FLUSH, onMarker);
    };
    const timer = setTimeout(() => (done(), reject(new Error(`the marker did not reach the socket within ${ms} ms`))), ms);
    const onMarker = (raw: unknown) => {
      const payload = parseSocketPayload<{ marker?: string }>(raw);
      if (!(payload instanceof Error) && payload.marker === marker) (done(), resolve());
    };
    socket.on(FLUSH, onMarker);
    s.services.realtime.publish({ userIds: [userId] }, FLUSH, { marker });
  });
}

/**
 * Whether an event published now to the company reaches the socket: a probe to the company, then
 * the user's marker; the probe is heard when it arrives first. Polled, it tells when a company
 * switch the socket asked for has taken effect.
 */
export async function hearsCompany(s: TestServer, socket: Socket, userId: number, companyId: number): Promise<boolean> {
  const probe = randomUUID();
  let heard = false;
  const onProbe = (raw: unknown) => {
    const payload = parseSocketPayload<{ probe?: string }>(raw);
    if (!(payload instanceof Error) && payload.probe === probe) heard = true;
  };
  socket.on(FLUSH, onProbe);
  try {
    s.services.realtime.publish({ companyIds: [companyId] }, FLUSH, { probe });
    await flushed(s, socket, userId);
    return heard;
  } finally {
    socket.off(FLUSH, onProbe);
  }
}

/** A pause, only where time itself is what is tested (presence's grace after a closed socket). */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
