import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { scheduleIdempotencySweep } from './http/idempotency.js';
import { stopOnSignals } from './shutdown.js';
import { scheduleFileSweep } from './storage/file-sweep.js';
import { scheduleExportExpiry } from './modules/company-export/index.js';

const config = loadConfig();
const { app, database, services } = await buildApp(config);

stopOnSignals(app);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Fieldwork serving http://localhost:${config.port}/app/ (database: ${database.dialect})`);

// Orphan files, expired idempotency keys and expired exports' zips are swept hourly through the job runner, so several processes sweep once between them.
await scheduleFileSweep(services);
await scheduleIdempotencySweep(services);
await scheduleExportExpiry(services);
