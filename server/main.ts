import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { SWEEP_GRACE_MS, sweepOrphanFiles } from './storage/file-sweep.js';

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

// Hourly, and once now; unref'd so it never holds the process open. The job runner may take this over.
const sweepFiles = async () => {
  try {
    const swept = await sweepOrphanFiles(services);
    if (swept.rows || swept.files) app.log.info(swept, 'orphan files swept');
  } catch (err) {
    app.log.error({ err }, 'orphan file sweep failed');
  }
};
setInterval(sweepFiles, SWEEP_GRACE_MS).unref();
void sweepFiles();
