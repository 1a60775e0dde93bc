import { sql } from 'kysely';
import { defineRoute } from '../../http/route.js';

export const health = defineRoute({
  method: 'GET',
  url: '/health',
  access: 'public',
  summary: 'Liveness and database check',
  tags: ['health'],
  handler: async ({ services }) => {
    await sql`select 1`.execute(services.db);
    return { status: 'ok', db: services.dialect };
  },
});
