import { AsyncLocalStorage } from 'node:async_hooks';
import type { SocketEvent } from '../../resources/realtime.js';

/** Who hears an event: sockets of these users and sockets whose active company is one of these. */
export interface Audience {
  userIds?: number[];
  companyIds?: number[];
}

export const userRoom = (userId: number) => `user:${userId}`;
export const companyRoom = (companyId: number) => `company:${companyId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** What actually sends: the socket.io server (with the Redis adapter, every process's sockets). */
export interface RealtimeTransport {
  /** To the rooms' sockets, but for the one socket `exceptSocketId` names. */
  emit(rooms: string[], event: SocketEvent, json: string, exceptSocketId?: string): void;
  /** Of these users, those holding at least one live socket on any process. */
  onlineUsers?(userIds: number[]): Promise<Set<number>>;
  /** Tells the sessions' sockets (on any process) that their session ended, then disconnects them. */
  endSessions?(sessionIds: string[]): void;
  /** Takes the users' sockets (every socket when no users are given) out of the company's room. */
  leaveCompany?(companyId: number, userIds?: number[]): void;
}

type Pending =
  | { kind: 'event'; audience: Audience; event: SocketEvent; payload: unknown; exceptSocketId?: string }
  | { kind: 'end-sessions'; sessionIds: string[] }
  | { kind: 'leave-company'; companyId: number; userIds?: number[] };

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

  publish(audience: Audience, event: SocketEvent, payload: unknown, options: { exceptSocketId?: string } = {}) {
    this.queue({ kind: 'event', audience, event, payload, exceptSocketId: options.exceptSocketId });
  }

  /**
   * Closes the sockets of ended sessions (logout, password change, …) on every process; inside a
   * request only once it has succeeded, so a rolled-back revocation leaves the sockets open.
   */
  endSessions(sessionIds: string[]) {
    if (sessionIds.length) this.queue({ kind: 'end-sessions', sessionIds: [...new Set(sessionIds)] });
  }

  /** A member removed (or the whole company, without userIds) hears nothing more of the company. */
  leaveCompany(companyId: number, userIds?: number[]) {
    this.queue({ kind: 'leave-company', companyId, userIds });
  }

  /** Of these users, those with at least one live socket (on any process with the Redis adapter). */
  async onlineUsers(userIds: number[]): Promise<Set<number>> {
    if (!this.transport?.onlineUsers || !userIds.length) return new Set();
    return this.transport.onlineUsers([...new Set(userIds)]);
  }

  private queue(p: Pending) {
    const pending = requestScope.getStore();
    if (pending) pending.push(p);
    else this.send(p);
  }

  /** Runs a request's work; its events go out once it has succeeded. */
  async withinRequest<T>(work: () => Promise<T>): Promise<T> {
    const pending: Pending[] = [];
    const result = await requestScope.run(pending, work);
    for (const p of pending) this.send(p);
    return result;
  }

  private send(p: Pending) {
    if (!this.transport) return;
    if (p.kind === 'end-sessions') {
      this.transport.endSessions?.(p.sessionIds);
      return;
    }
    if (p.kind === 'leave-company') {
      this.transport.leaveCompany?.(p.companyId, p.userIds);
      return;
    }
    const { audience, event, payload, exceptSocketId } = p;
    const rooms = [...new Set([...(audience.userIds ?? []).map(userRoom), ...(audience.companyIds ?? []).map(companyRoom)])];
    if (rooms.length) this.transport.emit(rooms, event, JSON.stringify(payload), exceptSocketId);
  }
}
