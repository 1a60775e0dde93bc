/**
 * `npm run files:sweep`: removes uploaded files nothing refers to (rows no user, item or company points
 * at, and bytes no row names), older than an hour. The server also runs it hourly; this is for an
 * operator who wants it now. Uses the same DATA_DIR / DATABASE_URL as the server.
 */
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { sweepOrphanFiles } from '../server/storage/file-sweep.js';

const { app, services } = await buildApp(loadConfig(), { logger: false });
try {
  const swept = await sweepOrphanFiles(services);
  console.log(`Removed ${swept.rows} unreferenced file rows (with their bytes) and ${swept.files} files no row names.`);
} catch (err) {
  console.error(`Sweep failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await app.close();
}
