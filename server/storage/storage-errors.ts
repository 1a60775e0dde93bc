import { NETWORK_CODES } from '../db/connection-errors.js';

/**
 * The object store could not be reached (refused, timed out, DNS) or answered a server error (5xx):
 * the request may succeed in a moment, so it is answered 503 (server/http/errors.ts). The store's
 * own words stay in `reason`, for the log only: they name the endpoint.
 */
export class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';

  constructor(readonly reason: string) {
    super('File storage is not reachable right now. Try again in a moment.');
    this.name = 'StorageUnavailableError';
  }
}

/** An S3 SDK failure that says the store is away, not that the request was wrong (403, 404...). */
export function isStoreUnreachable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (e.name === 'TimeoutError') return true;
  const status = e.$metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 500;
}
