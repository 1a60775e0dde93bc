/**
 * The real-time socket's contract (spec 01 §7 Other, spec 02 §7): socket.io at /socket.io,
 * authenticated by the session token in the `auth-token` header (browsers, which cannot set headers
 * on a WebSocket, send it as `auth: { 'auth-token': token }`). Every message's payload is one JSON
 * string; the client parses it, and logs and raises an error for one it cannot parse.
 */
export const SOCKET_PATH = '/socket.io';
export const AUTH_TOKEN_HEADER = 'auth-token';
/**
 * The tab's socket id, sent with each API call: the live events a change causes skip the socket of
 * the tab that made it (that tab refreshes what it changed itself; a second refetch only races it).
 */
export const SOCKET_ID_HEADER = 'x-socket-id';
/** What a socket id looks like (socket.io's are 20 url-safe characters). */
export const SOCKET_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Event names on the socket. */
export const SOCKET_EVENTS = {
  /** A notification row addressed to one of the user's memberships (payload: Notification & { companyId }). */
  notification: 'notification',
  /**
   * A member's notifications were marked read, in some tab (payload: NotificationsReadEvent): the
   * person's other tabs clear them from their bell.
   */
  notificationsRead: 'notifications-read',
  /** Rows of a resource changed (payload: LiveEvent); Refine's live provider refetches what shows them. */
  live: 'live',
  /** A chat message (payload: chat message with its chat id). */
  chatMessage: 'chat-message',
  /** A contact's presence changed (payload: { userId, status }). */
  presence: 'presence',
  /** The socket's session ended; the server closes the socket right after. */
  sessionEnded: 'session-ended',
  /** Client to server: the company the user now acts in (payload: { companyId }). */
  activeCompany: 'active-company',
} as const;
export type SocketEvent = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/** Which notifications of a membership were marked read: the ids, or all of them (null). */
export interface NotificationsReadEvent {
  memberId: number;
  ids: number[] | null;
}

/** Refine's live event: `channel` is `resources/<resource name>`. */
export interface LiveEvent {
  channel: string;
  type: 'created' | 'updated' | 'deleted';
  payload: { ids: Array<string | number> };
  date: string;
}

export const liveChannel = (resource: string) => `resources/${resource}`;

/** Parses a socket payload; answers an Error for one that is not JSON (the caller logs and raises it). */
export function parseSocketPayload<T = unknown>(raw: unknown): T | Error {
  if (typeof raw !== 'string') return new Error('Real-time message is not a JSON string');
  try {
    return JSON.parse(raw) as T;
  } catch {
    return new Error(`Real-time message is not valid JSON: ${raw.slice(0, 80)}`);
  }
}
