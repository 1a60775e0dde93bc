import { readToken } from '../auth/token-store';
import { IDEMPOTENCY_KEY_HEADER } from '../../resources/idempotency';
import { SOCKET_ID_HEADER } from '../../resources/realtime';
import { tabCompanyId } from '../session/active-company';

export const API_URL = '/api/v1';
export const NETWORK_ERROR = 'Network error. Check the internet connection and try again.';

/** A failed call, carrying what the generic error dialog shows (spec 01 §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    public statusCode: number,
    public url: string,
    public code?: string,
    /** existingId: the row a conflict is about (the day's production sheet that is already there). */
    public details?: Array<{ field: string; message: string; existingId?: number }>,
    /** The answer's body as sent (the outbox keeps a conflict's current version from it). */
    public body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the bearer header (login, register, public pages). */
  anonymous?: boolean;
  /** The caller shows the failure itself (inline form errors): no error dialog. */
  quiet?: boolean;
  /** Sent as Idempotency-Key: a retried write with the same key is done once and answered as the first time. */
  idempotencyKey?: string;
}

type Listener = (error: ApiError) => void;
const listeners = new Set<Listener>();
/** The shell listens here to show the error dialog and to log out on a 401. */
export function onApiError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a failure that did not come from a call (an unparseable real-time message) in the error dialog. */
export function reportError(error: ApiError): void {
  listeners.forEach((l) => l(error));
}

/** 401s always reach the listeners (they end the session); other failures only when the caller is not quiet. */
function notify(error: ApiError, opts: RequestOptions) {
  if (opts.quiet && error.statusCode !== 401) return;
  if (opts.anonymous && error.statusCode === 401) return;
  listeners.forEach((l) => l(error));
}

let socketId: string | null = null;
/** The tab's live socket, sent with each call so that the change's live events skip this tab (src/realtime/client.ts keeps it current). */
export function setSocketId(id: string | null) {
  socketId = id;
}

export async function apiFetch<T>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = path.startsWith('http') || path.startsWith('/api/') ? path : `${API_URL}${path}`;
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const token = opts.anonymous ? null : readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  // A call may name its company itself (accepting an invitation for a chosen company); else the tab's.
  const named = Object.keys(headers).some((h) => h.toLowerCase() === 'x-company-id');
  const companyId = token && !named ? tabCompanyId() : null;
  if (companyId) headers['x-company-id'] = String(companyId);
  if (token && socketId) headers[SOCKET_ID_HEADER] = socketId;
  if (opts.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = opts.idempotencyKey;
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    const error = new ApiError(NETWORK_ERROR, 0, url, 'NETWORK');
    notify(error, opts);
    throw error;
  }
  const text = await res.text();
  let data: any = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const body = data && typeof data === 'object' ? data : {};
    const error = new ApiError(
      body.error?.message ?? body.message ?? res.statusText ?? 'Request failed',
      res.status,
      url,
      body.error?.code,
      body.error?.details,
      data,
    );
    notify(error, opts);
    throw error;
  }
  return { data: data as T, headers: res.headers };
}
