import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerToken } from '../../http/actor.js';
import { AppError, notFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { PROMETHEUS_CONTENT_TYPE } from '../../metrics/prometheus.js';

/** Hashes first, so the comparison takes the same time whatever the length of what was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * For operators only: the route is public to the session rules, and asks for METRICS_TOKEN itself,
 * since Prometheus holds no user session. Without METRICS_TOKEN it does not exist (404, like any
 * unknown route).
 */
export const metrics = defineRoute({
  method: 'GET',
  url: '/metrics',
  access: 'public',
  summary: 'Prometheus metrics of this process, for operators: needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise), and answers 404 when METRICS_TOKEN is unset',
  tags: ['health'],
  handler: async ({ services, req, reply }) => {
    const expected = services.config.metricsToken;
    if (!expected) throw notFound('Route');
    const sent = bearerToken(req);
    if (!sent || !timingSafeEqual(digest(sent), digest(expected))) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, 'A valid metrics token is required', 'UNAUTHORIZED');
    }
    const text = await services.metrics.render(services.db);
    return reply.header('cache-control', 'no-store').type(PROMETHEUS_CONTENT_TYPE).send(text);
  },
});
