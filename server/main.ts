import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { scheduleIdempotencySweep } from './http/idempotency.js';
import { stopOnSignals } from './shutdown.js';
import { scheduleFileSweep } from './storage/file-sweep.js';
import { scheduleExportExpiry } from './modules/company-export/index.js';
import { scheduleLocateExpiring } from './modules/locates/index.js';
import { scheduleDeliveryPurge } from './modules/webhooks/index.js';

const config = loadConfig();
const { app, database, services } = await buildApp(config);

stopOnSignals(app);

await app.listen({ port: config.port, host: config.host });
// PORT=0 takes a free port (the tests' server processes do, so no port is picked and then lost to
// another process): name the port taken.
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info(`Fieldwork serving http://localhost:${port}/app/ (database: ${database.dialect})`);

// Orphan files, expired idempotency keys, expired exports' zips and old webhook deliveries are swept hourly (and expiring locates announced) through the job runner, so several processes sweep once between them.
await scheduleFileSweep(services);
await scheduleIdempotencySweep(services);
await scheduleExportExpiry(services);
await scheduleLocateExpiring(services);
await scheduleDeliveryPurge(services);
