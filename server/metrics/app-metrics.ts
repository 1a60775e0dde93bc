import type { FastifyInstance } from 'fastify';
import type { Db, PoolStats } from '../db/index.js';
import { Counter, Gauge, Histogram, Registry } from './prometheus.js';

/** Seconds; from a cached read to a large export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The job statuses worth watching: the queue's depth, and what failed for good (rows are kept). */
const JOB_STATUSES = ['queued', 'running', 'failed'] as const;

/**
 * What GET /metrics shows of this process. Requests are labelled by route pattern (`/api/v1/projects/:id`),
 * never the URL: ids would make a series per row, and URLs carry tokens. A request no route matched is
 * `unmatched`.
 */
export class AppMetrics {
  private registry = new Registry();
  private requests = this.registry.add(new Counter('fieldwork_http_requests_total', 'HTTP requests answered, by method, route pattern and status class'));
  private duration = this.registry.add(new Histogram('fieldwork_http_request_duration_seconds', 'Time to answer a request, by method and route pattern', DURATION_BUCKETS));
  private serverErrors = this.registry.add(new Counter('fieldwork_http_server_errors_total', 'Answers with a 5xx status, by method and route pattern'));
  private jobs = this.registry.add(new Gauge('fieldwork_jobs', 'Rows of the jobs table by status, for the whole installation: queued and running are the queue depth, failed the jobs that failed for good'));
  private sockets = this.registry.add(new Gauge('fieldwork_sockets', 'socket.io connections held by this process'));
  private pool = this.registry.add(new Gauge('fieldwork_db_pool_connections', 'Database connections of this process by state (SQLite: one connection, always busy)'));
  private poolWaiting = this.registry.add(new Gauge('fieldwork_db_pool_waiting', 'Queries of this process waiting for a free database connection'));

  /** Set by the socket.io server once it is attached. */
  socketCount: () => number = () => 0;
  /** Set by the app once the database is open. */
  poolStats: () => PoolStats = () => ({ total: 0, idle: 0, waiting: 0 });

  /** Counts every answer, errors and 404s included. */
  register(app: FastifyInstance) {
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions?.url ?? 'unmatched';
      const labels = { method: req.method, route };
      const status = reply.statusCode;
      this.requests.inc({ ...labels, status: `${Math.floor(status / 100)}xx` });
      this.duration.observe(labels, reply.elapsedTime / 1000);
      if (status >= 500) this.serverErrors.inc(labels);
    });
  }

  /** The Prometheus text, with the gauges read now. */
  async render(db: Db): Promise<string> {
    const rows = await db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', [...JOB_STATUSES])
      .groupBy('status')
      .execute();
    for (const status of JOB_STATUSES) this.jobs.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
    this.sockets.set({}, this.socketCount());
    const pool = this.poolStats();
    this.pool.set({ state: 'total' }, pool.total);
    this.pool.set({ state: 'idle' }, pool.idle);
    this.poolWaiting.set({}, pool.waiting);
    return this.registry.render();
  }
}
