// One autocannon run against one endpoint, with exact latency percentiles from every response
// (autocannon's own summary has p97.5 but no p95).
import autocannon, { type Options } from 'autocannon';

export const CONNECTIONS = 32;
export const DURATION_SEC = 5;
/**
 * A route's first seconds after a restart ran at 60–75 % of its steady rate (V8 optimising its code,
 * the heap growing; the members grid on PostgreSQL: 900 requests/s in its first 5 s after a 1 s
 * warm-up, 1,140–1,250 after that): the figures are a running server's.
 */
export const WARMUP_SEC = 5;

export interface Measured {
  reqPerSec: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  ratioToHealth?: number;
}

/** A random element: the per-request variety of nextPath and nextBody. */
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export interface Target {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** When given, each request's path (the probe's is `path`). */
  nextPath?: () => string;
  /** When given, each request's body (the probe's is `body`): a question no cached answer serves. */
  nextBody?: () => unknown;
  /** Checks the probe's answer beyond its status: a problem description, or null when it is right. */
  check?: (body: unknown, headers: Headers) => string | null;
}

/** One autocannon run; `until`, when given, stops it as that work ends (its failure fails the run). */
function cannon(opts: Options, onResponse: (status: number, ms: number) => void, until?: () => Promise<unknown>) {
  return new Promise<import('autocannon').Result>((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => onResponse(status, ms));
    until?.().then(() => instance.stop(), (err) => {
      instance.stop();
      reject(err);
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * `during`: instead of DURATION_SEC, the measurement lasts until this work ends (after the warm-up), so
 * a figure taken beside other load covers all of it, not its first seconds.
 */
export async function measure(baseUrl: string, target: Target, connections = CONNECTIONS, during?: () => Promise<unknown>): Promise<Measured> {
  const headers: Record<string, string> = { ...(target.headers ?? {}) };
  let body: string | undefined;
  if (target.body !== undefined) {
    body = JSON.stringify(target.body);
    headers['content-type'] = 'application/json';
  }
  const url = `${baseUrl}${target.path}`;

  // One plain request first: a broken endpoint fails in a second with its answer, not after 5 s of errors.
  const probe = await fetch(url, { method: target.method, headers, body });
  const text = await probe.text();
  if (!probe.ok) throw new Error(`${target.method} ${target.path} answered ${probe.status}: ${text.slice(0, 300)}`);
  if (target.check) {
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // checks see the text
    }
    const problem = target.check(parsed, probe.headers);
    if (problem) throw new Error(`${target.method} ${target.path}: ${problem}`);
  }

  const { nextPath, nextBody } = target;
  const setupRequest = (req: Record<string, unknown>) => ({
    ...req,
    ...(nextPath ? { path: nextPath() } : {}),
    ...(nextBody ? { body: JSON.stringify(nextBody()) } : {}),
  });
  const opts: Options = {
    url,
    method: target.method,
    headers,
    body,
    connections,
    timeout: 30,
    ...(nextPath || nextBody ? { requests: [{ setupRequest }] } : {}),
  };
  await cannon({ ...opts, duration: WARMUP_SEC }, () => {}); // JIT, connection pools and caches warm up
  const samples: number[] = [];
  const statusCodes: Record<string, number> = {};
  const result = await cannon({ ...opts, duration: during ? 24 * 3600 : DURATION_SEC }, (status, ms) => {
    samples.push(ms);
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  }, during);
  samples.sort((a, b) => a - b);
  return {
    reqPerSec: round(samples.length / result.duration, 1),
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
    requests: samples.length,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes,
  };
}
