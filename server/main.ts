import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { scheduleIdempotencySweep } from './http/idempotency.js';
import { scheduleFileSweep } from './storage/file-sweep.js';

const config = loadConfig();
const { app, database, services } = await buildApp(config);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Fieldwork serving http://localhost:${config.port}/app/ (database: ${database.dialect})`);

// Orphan files and expired idempotency keys are swept hourly through the job runner, so several processes sweep once between them.
await scheduleFileSweep(services);
await scheduleIdempotencySweep(services);
