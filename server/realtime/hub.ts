import { AsyncLocalStorage } from 'node:async_hooks';
import type { SocketEvent } from '../../resources/realtime.js';

/** Who hears an event: sockets of these users and sockets whose active company is one of these. */
export interface Audience {
  userIds?: number[];
  companyIds?: number[];
}

export const userRoom = (userId: number) => `user:${userId}`;
export const companyRoom = (companyId: number) => `company:${companyId}`;

/** What actually sends: the socket.io server (with the Redis adapter, every process's sockets). */
export interface RealtimeTransport {
  emit(rooms: string[], event: SocketEvent, json: string): void;
}

interface Pending {
  audience: Audience;
  event: SocketEvent;
  payload: unknown;
}

const requestScope = new AsyncLocalStorage<Pending[]>();

/**
 * Publishes real-time events. Inside a request (`withinRequest`) events wait until the handler has
 * finished, so nobody hears of a change whose transaction has not committed, and a failed request
 * says nothing; elsewhere (jobs, scripts) they go at once. Without a transport (a server not
 * listening, a script) events are dropped: the rows they announce are still in the database.
 */
export class RealtimeHub {
  private transport: RealtimeTransport | null = null;

  attach(transport: RealtimeTransport | null) {
    this.transport = transport;
  }

  publish(audience: Audience, event: SocketEvent, payload: unknown) {
    const pending = requestScope.getStore();
    if (pending) pending.push({ audience, event, payload });
    else this.send({ audience, event, payload });
  }

  /** Runs a request's work; its events go out once it has succeeded. */
  async withinRequest<T>(work: () => Promise<T>): Promise<T> {
    const pending: Pending[] = [];
    const result = await requestScope.run(pending, work);
    for (const p of pending) this.send(p);
    return result;
  }

  private send({ audience, event, payload }: Pending) {
    if (!this.transport) return;
    const rooms = [...new Set([...(audience.userIds ?? []).map(userRoom), ...(audience.companyIds ?? []).map(companyRoom)])];
    if (rooms.length) this.transport.emit(rooms, event, JSON.stringify(payload));
  }
}
