// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds per request before it counts as a timeout. */
    timeout?: number;
    /** Requests sent in turn; setupRequest may change each one (its path, say) before it goes. */
    requests?: Array<{ setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }>;
  }

  export interface Stats {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Stats;
    requests: Stats & { total: number; sent: number };
  }

  /** Emits 'response' (client, statusCode, bytes, milliseconds) for every answer. */
  export type Instance = EventEmitter & { stop(): void };

  export default function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
}
