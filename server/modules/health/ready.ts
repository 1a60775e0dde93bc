import { defineRoute } from '../../http/route.js';

export const ready = defineRoute({
  method: 'GET',
  url: '/health/ready',
  access: 'public',
  summary:
    'Readiness, for a proxy or orchestrator: 200 when the database (and Redis, with REDIS_URL) answered within 2 s, else 503; `checks` names each as ok, failed or not configured. GET /health is liveness',
  tags: ['health'],
  handler: async ({ services, reply }) => {
    const { ready: isReady, checks } = await services.readiness.check();
    reply.header('cache-control', 'no-store');
    if (!isReady) reply.code(503);
    return { status: isReady ? 'ready' : 'not ready', checks };
  },
});
