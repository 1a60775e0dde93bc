/**
 * Failures that say the database cannot be reached right now (it restarts, it is down, it is too
 * busy to take a connection), as opposed to a query that is wrong: the request may succeed if sent
 * again in a moment, so it is answered 503 rather than 500 (server/http/errors.ts).
 */

/** Socket-level failures of the PostgreSQL driver, and DNS failures naming its host (the S3 store's too). */
export const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs: 57P01 admin shutdown (a fast or smart stop), 57P02 crash shutdown,
 * 57P03 cannot connect now (starting or stopping), 53300 too many connections, 57014 a statement
 * cancelled (past the statement timeout, or by an operator); class 08 is every
 * connection exception. SQLite's SQLITE_BUSY (and its extended codes) is a lock held past the busy
 * timeout by another process.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/**
 * pg's and pg-pool's own errors carry no code, only these messages: a socket closed under a query,
 * the connection timeout, and a pooled client whose connection was lost between two queries.
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

function unavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message));
}

/** The error, or the error it wraps (`cause`). */
export function isDatabaseUnavailable(err: unknown): boolean {
  return unavailable(err) || (typeof err === 'object' && err !== null && unavailable((err as { cause?: unknown }).cause));
}
