import type { FastifyRequest } from 'fastify';

/**
 * What request logs say about a request. Password-reset, invitation and registration tokens travel
 * in URLs (in paths and in query strings), and logs are read by more people and kept longer than the
 * database: a matched request is logged by its route pattern, and an unmatched one by its URL with
 * anything secret-looking replaced.
 */

export const REDACTED = '[redacted]';

/** Query keys whose values are secrets whatever they look like. */
const SECRET_KEY = /token|code|key|secret|pass|sig|auth|session|jwt/i;

/** Runs of URL-safe characters long enough to be a token; percent escapes stay inside the run. */
const RUN = /[A-Za-z0-9_~+=%-]{16,}/g;

/**
 * Random-looking: 16 or more characters, beyond percent escapes, holding a digit, a capital or an
 * underscore. The words of our paths (lower case and hyphens) never qualify; a base64url or hex
 * token of 16 or more characters practically always does.
 */
function looksRandom(run: string): boolean {
  const bare = run.replace(/%[0-9A-Fa-f]{2}/g, '');
  return bare.length >= 16 && /[0-9A-Z_]/.test(bare);
}

export const redactSecrets = (text: string) => text.replace(RUN, (run) => (looksRandom(run) ? REDACTED : run));

/** The URL with token-like path segments and query values, and every value of a secret-named key, replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactSecrets(url);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return redactSecrets(pair);
      const key = pair.slice(0, eq);
      return `${redactSecrets(key)}=${SECRET_KEY.test(key) ? REDACTED : redactSecrets(pair.slice(eq + 1))}`;
    });
  return `${redactSecrets(url.slice(0, q))}?${query.join('&')}`;
}

/** Fastify's `req` log serializer: the route pattern when one matched, else the redacted URL. */
export function serializeRequest(req: FastifyRequest) {
  const route = req.routeOptions?.url;
  return {
    method: req.method,
    ...(route ? { route } : { url: redactUrl(req.url) }),
    remoteAddress: req.ip,
  };
}
