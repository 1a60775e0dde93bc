import { sql } from 'kysely';
import { defineRoute } from '../../http/route.js';

export const health = defineRoute({
  method: 'GET',
  url: '/health',
  access: 'public',
  summary: 'Liveness and database check; `mail` says whether mail is sent (smtp) or only kept in the outbox; `maxUploadMb` is the upload size limit, so clients refuse larger files before sending; `mapTileUrl` is the map tile template (MAP_TILE_URL)',
  tags: ['health'],
  handler: async ({ services }) => {
    await sql`select 1`.execute(services.db);
    return { status: 'ok', db: services.dialect, mail: services.mailer.delivery, maxUploadMb: services.config.maxUploadMb, mapTileUrl: services.config.mapTileUrl };
  },
});
