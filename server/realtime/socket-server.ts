import type { FastifyInstance } from 'fastify';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { AUTH_TOKEN_HEADER, SOCKET_EVENTS, SOCKET_PATH } from '../../resources/realtime.js';
import { idParam } from '../../resources/id.js';
import { sessionForToken } from '../http/actor.js';
import { parseJson } from '../lib/json.js';
import { closeRedisClient, reconnectDelay, reportFailedCommands } from '../lib/redis-clients.js';
import { presenceChanged } from '../modules/chat/presence.js';
import type { Services } from '../services.js';
import { companyRoom, sessionRoom, userRoom, type RealtimeTransport } from './hub.js';

interface SocketData {
  userId: number;
  sessionId: string;
  token: string;
  companyId: number | null;
  expiresAt: string;
}

type AppSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

const REFUSED = 'Session has expired. Please log in.';
/** How long a question to the other processes (who is online) may take before this one answers alone. */
const CROSS_PROCESS_TIMEOUT_MS = 2000;
/** A reload closes and reopens the socket: contacts see "offline" only when no socket came back by then. */
const OFFLINE_GRACE_MS = 3000;

/** The token from the `auth-token` header, or from `auth` for browsers, which cannot set WebSocket headers. */
function handshakeToken(socket: AppSocket): string | null {
  const header = socket.handshake.headers[AUTH_TOKEN_HEADER];
  const value = (Array.isArray(header) ? header[0] : header) ?? socket.handshake.auth?.[AUTH_TOKEN_HEADER];
  return typeof value === 'string' && value ? value : null;
}

/** A company id sent as a number (auth, events) or text (query). */
const companyIdOf = (value: unknown): number | null => {
  const parsed = idParam().safeParse(typeof value === 'number' ? String(value) : value);
  return parsed.success ? parsed.data : null;
};

/**
 * socket.io on the app's HTTP server at /socket.io. A socket is let in only for a live session (the
 * same rule as a request's bearer token), joins the rooms of its user, its session and its active
 * company (one the user is an accepted member of), and is closed when its session ends (logout,
 * password change, expiry). With REDIS_URL, rooms span every server process through the Redis adapter.
 */
export async function attachSocketServer(app: FastifyInstance, services: Services): Promise<Server> {
  const io = new Server(app.server, { path: SOCKET_PATH, serveClient: false, cors: { origin: false } });
  const ns = io.of('/');
  services.metrics.socketCount = () => ns.sockets.size;

  let closeRedis: (() => Promise<void>) | null = null;
  /** Whether the adapter can reach the other processes now (always, without Redis: there are none). */
  let redisReady = () => true;
  if (services.config.redisUrl) {
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    // Events published while Redis is away wait in the client's offline queue and go out on its return.
    const pub = new Redis(services.config.redisUrl, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (err) => services.log.warn({ err: err.message }, 'socket.io: Redis error'));
      reportFailedCommands(client, (err) => services.log.warn({ err: err.message }, 'socket.io: a Redis command failed'));
    }
    redisReady = () => pub.status === 'ready' && sub.status === 'ready';
    // Installations sharing one Redis keep their events apart, as they keep their job queues.
    io.adapter(createAdapter(pub, sub, { key: `${services.config.jobQueueName}#socket.io`, requestsTimeout: CROSS_PROCESS_TIMEOUT_MS }));
    closeRedis = async () => {
      await Promise.all([closeRedisClient(pub), closeRedisClient(sub)]);
    };
  }

  /**
   * The sockets in these rooms on every process; this process's own while Redis is away or the others
   * do not answer in time, so a request asking (chat contacts, presence) is never held up by Redis.
   */
  const socketsIn = async (rooms: string | string[]) => {
    const local = () => ns.local.in(rooms).fetchSockets();
    if (!redisReady()) return local();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer in time')), CROSS_PROCESS_TIMEOUT_MS)));
    try {
      return await Promise.race([ns.in(rooms).fetchSockets(), late]);
    } catch (err) {
      services.log.warn({ err: (err as Error).message }, 'socket.io: other processes did not answer; counting this one only');
      return local();
    } finally {
      clearTimeout(timer);
    }
  };

  type Session = NonNullable<Awaited<ReturnType<typeof sessionForToken>>>['session'];
  /** The company room the socket may be in: the one asked for when the user is a member there (else none), the default when none is asked for. */
  const companyFor = ({ memberships, user }: Session, wanted: number | null | undefined) => {
    if (wanted === undefined) {
      const defaultId = parseJson<{ defaultCompanyId?: number }>(user.settings, {}).defaultCompanyId;
      return (memberships.find((m) => m.companyId === defaultId) ?? memberships[0])?.companyId ?? null;
    }
    return memberships.some((m) => m.companyId === wanted) ? wanted : null;
  };

  const endSocket = (socket: AppSocket) => {
    socket.emit(SOCKET_EVENTS.sessionEnded, '{}');
    socket.disconnect(true);
  };

  io.use(async (socket: AppSocket, next) => {
    try {
      const token = handshakeToken(socket);
      const found = token ? await sessionForToken(services.db, services.signer, services.readCache, token) : null;
      if (!token || !found) return next(Object.assign(new Error(REFUSED), { data: { code: 'UNAUTHORIZED' } }));
      const asked = socket.handshake.auth?.companyId ?? socket.handshake.query.companyId;
      const companyId = companyFor(found.session, asked === undefined || asked === null || asked === '' ? undefined : companyIdOf(asked));
      socket.data = { userId: found.claims.userId, sessionId: found.claims.sessionId, token, companyId, expiresAt: found.session.expiresAt };
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  /** Contacts hear of a user's presence when their first socket (on any process) opens and after their last one closed. */
  const offlineChecks = new Set<NodeJS.Timeout>();
  const socketsOf = async (userId: number) => (await socketsIn(userRoom(userId))).length;
  const announcePresence = (userId: number, when: (count: number) => boolean) =>
    socketsOf(userId)
      .then((count) => (when(count) ? presenceChanged(services, userId) : null))
      .catch((err: Error) => services.log.warn({ err: err.message, userId }, 'socket.io: presence not announced'));

  // Rooms are joined in the same tick as the connection, so nothing published after the client's connect is missed.
  io.on('connection', (socket: AppSocket) => {
    const { userId, sessionId, companyId, token, expiresAt } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId), ...(companyId ? [companyRoom(companyId)] : [])]);
    void announcePresence(userId, (count) => count === 1);
    const expiry = setTimeout(() => endSocket(socket), Math.min(Math.max(0, Date.parse(expiresAt) - Date.now()), 2 ** 31 - 1));
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      const check = setTimeout(() => {
        offlineChecks.delete(check);
        void announcePresence(userId, (count) => count === 0);
      }, OFFLINE_GRACE_MS);
      offlineChecks.add(check);
    });

    socket.on(SOCKET_EVENTS.activeCompany, async (body: unknown) => {
      const found = await sessionForToken(services.db, services.signer, services.readCache, token);
      if (!found) return endSocket(socket);
      const next = companyFor(found.session, companyIdOf((body as { companyId?: unknown } | null)?.companyId));
      if (socket.data.companyId) await socket.leave(companyRoom(socket.data.companyId));
      socket.data.companyId = next;
      if (next) await socket.join(companyRoom(next));
    });
  });

  const transport: RealtimeTransport = {
    emit: (rooms, event, json, exceptSocketId) => {
      // A socket's id is also a room of its own, on every process with the Redis adapter.
      (exceptSocketId ? ns.to(rooms).except(exceptSocketId) : ns.to(rooms)).emit(event, json);
    },
    onlineUsers: async (userIds) => {
      const sockets = await socketsIn(userIds.map(userRoom));
      return new Set(sockets.map((s) => (s.data as SocketData).userId));
    },
    endSessions: (sessionIds) => {
      const rooms = sessionIds.map(sessionRoom);
      ns.to(rooms).emit(SOCKET_EVENTS.sessionEnded, '{}');
      ns.in(rooms).disconnectSockets(true);
    },
    leaveCompany: (companyId, userIds) => {
      ns.in(userIds ? userIds.map(userRoom) : companyRoom(companyId)).socketsLeave(companyRoom(companyId));
    },
  };
  services.realtime.attach(transport);

  // Sockets go before the HTTP server closes: it waits for every open connection.
  app.addHook('preClose', async () => {
    services.realtime.attach(null);
    for (const socket of ns.sockets.values()) socket.disconnect(true);
    for (const check of offlineChecks) clearTimeout(check);
    offlineChecks.clear();
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await ns.adapter.close();
    await closeRedis?.();
  });
  return io;
}
