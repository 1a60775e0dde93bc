import { io, type Socket } from 'socket.io-client';
import { setSocketId } from '../api/http';
import { parseSocketPayload, SOCKET_EVENTS, SOCKET_PATH, AUTH_TOKEN_HEADER, type SocketEvent } from '../../resources/realtime';

type Handler = (payload: unknown) => void;

/** What the client needs of a socket.io socket (tests give a fake one). */
export type RealtimeSocket = Pick<Socket, 'on' | 'onAny' | 'emit' | 'disconnect' | 'connected'> & { id?: string };
export type SocketFactory = (auth: { [AUTH_TOKEN_HEADER]: string; companyId: number | null }) => RealtimeSocket;

const openSocket: SocketFactory = (auth) =>
  io({ path: SOCKET_PATH, auth, transports: ['websocket'], reconnectionDelayMax: 10_000 });

/**
 * The one socket of the signed-in tab and who listens on it. Listeners register here, not on the
 * socket, so they outlive reconnections (a new token opens a new socket) and may register before
 * the socket exists (Refine's live provider is created with the app, before anyone signs in).
 */
export class RealtimeClient {
  private socket: RealtimeSocket | null = null;
  private token: string | null = null;
  private companyId: number | null = null;
  private readonly handlers = new Map<SocketEvent, Set<Handler>>();
  private readonly connectionListeners = new Set<(connected: boolean) => void>();
  /** Raised for a message that is not JSON, after it has been logged (the shell shows it). */
  onError: (error: Error, event: string) => void = (error) => {
    setTimeout(() => {
      throw error;
    });
  };

  constructor(private readonly factory: SocketFactory = openSocket) {}

  get connected() {
    return !!this.socket?.connected;
  }

  /** Opens the socket for this session, or tells the open one of a new active company. */
  connect(token: string, companyId: number | null) {
    if (this.socket && token === this.token) {
      if (companyId !== this.companyId) {
        this.companyId = companyId;
        this.socket.emit(SOCKET_EVENTS.activeCompany, { companyId });
      }
      return;
    }
    this.disconnect();
    this.token = token;
    this.companyId = companyId;
    const socket = this.factory({ [AUTH_TOKEN_HEADER]: token, companyId });
    this.socket = socket;
    socket.on('connect', () => this.setConnected(socket, true));
    socket.on('disconnect', () => this.setConnected(socket, false));
    socket.onAny((event: string, raw: unknown) => this.dispatch(event, raw));
  }

  disconnect() {
    const socket = this.socket;
    this.socket = null;
    this.token = null;
    this.companyId = null;
    if (socket) {
      setSocketId(null);
      socket.disconnect();
      this.connectionListeners.forEach((l) => l(false));
    }
  }

  on<T>(event: SocketEvent, handler: (payload: T) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as Handler);
    return () => {
      set.delete(handler as Handler);
    };
  }

  onConnectionChange(listener: (connected: boolean) => void): () => void {
    this.connectionListeners.add(listener);
    return () => {
      this.connectionListeners.delete(listener);
    };
  }

  /** Every message is parsed, listened to or not: an unparseable one is logged and raised, never passed on. */
  dispatch(event: string, raw: unknown) {
    const payload = parseSocketPayload(raw);
    if (payload instanceof Error) {
      console.error(`Real-time message "${event}" could not be parsed`, raw);
      this.onError(payload, event);
      return;
    }
    this.handlers.get(event as SocketEvent)?.forEach((handler) => handler(payload));
  }

  private setConnected(socket: RealtimeSocket, connected: boolean) {
    if (socket !== this.socket) return;
    setSocketId(connected ? (socket.id ?? null) : null);
    this.connectionListeners.forEach((l) => l(connected));
  }
}

/** The tab's client. */
export const realtime = new RealtimeClient();
