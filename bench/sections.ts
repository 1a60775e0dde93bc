// The scenarios that run on servers of their own (realtime, grid, PDF optimiser, phone client,
// soak) and what every scenario shares: the log, this run's stamp, and a server per database.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { benchGridFilters, gridFailures, membersTarget, printGridFilters, type GridFiltersRun } from './grid-filters.js';
import { benchMobileClient, buildClient, type MobileClientRun } from './mobile-client.js';
import { benchPdfOptimiser, printPdfOptimiser, type PdfOptimiserRun } from './pdf-optimiser.js';
import { PRODUCTION_VOLUME, seedProductionsInvoices } from './productions-invoices.js';
import { benchRealtime, printRealtime, realtimeFailures, type RealtimeRun } from './realtime.js';
import type { RunStamp } from './results-file.js';
import { freshPostgresSchema, reopenAfterSeed, ROOT, startServer, type RunningServer } from './server.js';
import { benchSoak, printSoak, soakFailures, type SoakRun } from './soak.js';
import { benchWebhookDeliveries, printWebhookDeliveries, webhookFailures, type WebhookDeliveriesRun } from './webhook-deliveries.js';
import { benchImportPreview, importPreviewFailures, printImportPreview, type ImportPreviewRun } from './import-preview.js';
import { headersOf, seedSoak, SOAK_WORLD } from './soak-seed.js';

export const log = (line: string) => process.stdout.write(`${line}\n`);

/** This run's commit and start, stamped on every section it writes; `dirty` when the code had uncommitted changes. */
export function runStamp(): RunStamp {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const runAt = new Date().toISOString();
  try {
    const dirty = git('status', '--porcelain', '--', '.', ':(exclude)bench/results.json') !== '';
    return { commit: git('rev-parse', '--short', 'HEAD'), runAt, ...(dirty ? { dirty: true as const } : {}) };
  } catch {
    return { commit: 'unknown', runAt };
  }
}

export const RUN = runStamp();

/** Each database in turn on a server of its own: SQLite, and PostgreSQL when BENCH_DATABASE_URL is set. */
export async function eachDatabase<T>(work: (server: RunningServer, url: string | null) => Promise<T>, failed: (error: string) => T, env: Record<string, string> = {}) {
  const runs: Array<{ database: 'sqlite' | 'postgres'; outcome: T }> = [];
  for (const [database, url] of [['sqlite', null], ...(process.env.BENCH_DATABASE_URL ? [['postgres', process.env.BENCH_DATABASE_URL]] : [])] as Array<['sqlite' | 'postgres', string | null]>) {
    log(`\n== ${database}: starting the server`);
    const schema = url ? await freshPostgresSchema(url) : null;
    let server: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      server = await startServer(schema?.url ?? null, { env });
      runs.push({ database, outcome: await work(server, schema?.url ?? null) });
      await new Promise((r) => setTimeout(r, 1000));
    } catch (err) {
      runs.push({ database, outcome: failed(err instanceof Error ? err.message : String(err)) });
    } finally {
      await server?.stop();
      await schema?.drop();
    }
  }
  if (!process.env.BENCH_DATABASE_URL) log('\n(PostgreSQL not measured: set BENCH_DATABASE_URL=postgres://... to add it)');
  return runs;
}

/** The realtime fan-out on each database: it starts its own processes (one, then two over Redis). */
export async function realtimeSection() {
  const runs: Array<{ database: string; realtime: RealtimeRun | { error: string } }> = [];
  for (const [database, url] of [['sqlite', null], ...(process.env.BENCH_DATABASE_URL ? [['postgres', process.env.BENCH_DATABASE_URL]] : [])] as Array<[string, string | null]>) {
    log(`\n== ${database}: realtime fan-out`);
    const schema = url ? await freshPostgresSchema(url) : null;
    try {
      runs.push({ database, realtime: await benchRealtime(schema?.url ?? null, log) });
    } catch (err) {
      runs.push({ database, realtime: { error: err instanceof Error ? err.message : String(err) } });
    } finally {
      await schema?.drop();
    }
  }
  const problems = runs.flatMap((r) => ('error' in r.realtime ? [`${r.database} realtime: ${r.realtime.error}`] : realtimeFailures(r.database, r.realtime)));
  const print = () => {
    for (const r of runs) if (!('error' in r.realtime)) printRealtime(r.database, r.realtime, log);
  };
  const section = {
    ...RUN,
    ...Object.fromEntries(runs.map((r) => [r.database, r.realtime])),
    ok: problems.length === 0,
    ...(problems.length ? { failures: problems } : {}),
  };
  return { section, problems, print };
}

/** The productions grid with three conditions over the productions scenario's volume, on each database. */
export async function gridSection() {
  const runs = await eachDatabase<GridFiltersRun | { error: string }>(
    async (server, url) => {
      try {
        log('  grid filters: seeding 100,000 members (the large lists) and 100,000 productions (the productions scenario) ...');
        const members = await membersTarget(server.baseUrl, { databaseUrl: url, dataDir: server.dataDir });
        const seeded = await seedProductionsInvoices(server.baseUrl, { databaseUrl: url, dataDir: server.dataDir, log });
        await reopenAfterSeed(server, log);
        return await benchGridFilters(server.baseUrl, seeded, PRODUCTION_VOLUME.days, members, log);
      } catch (err) {
        return { error: err instanceof Error ? err.message : String(err) };
      }
    },
    (error) => ({ error }),
  );
  const problems = runs.flatMap((r) => ('error' in r.outcome ? [`${r.database} grid filters: ${r.outcome.error}`] : gridFailures(r.database, r.outcome)));
  const print = () => {
    for (const r of runs) if (!('error' in r.outcome)) printGridFilters(r.database, r.outcome, log);
  };
  const section = { ...RUN, ...Object.fromEntries(runs.map((r) => [r.database, r.outcome])), ok: problems.length === 0, ...(problems.length ? { failures: problems } : {}) };
  return { section, problems, print };
}

/** The PDF optimiser, on SQLite only: the work is the rendering, not the database. */
export async function pdfSection() {
  const server = await startServer(null);
  let outcome: PdfOptimiserRun | { error: string };
  try {
    outcome = await benchPdfOptimiser(server, log);
  } catch (err) {
    outcome = { error: err instanceof Error ? err.message : String(err) };
  } finally {
    await server.stop();
  }
  const problems = 'error' in outcome ? [`pdf optimiser: ${outcome.error}`] : [];
  const print = () => {
    if (!('error' in outcome)) printPdfOptimiser(outcome, log);
  };
  const section = { ...RUN, loadAverage: os.loadavg()[0], sqlite: outcome, ok: problems.length === 0, ...(problems.length ? { failures: problems } : {}) };
  return { section, problems, print };
}

/** The phone client from the build, on SQLite only: its first screen's JavaScript and first contentful paint. */
export async function mobileSection() {
  let outcome: MobileClientRun | { error: string };
  try {
    buildClient();
    const server = await startServer(null);
    try {
      outcome = await benchMobileClient(server, log);
    } finally {
      await server.stop();
    }
  } catch (err) {
    outcome = { error: err instanceof Error ? err.message : String(err) };
  }
  const targets = { firstScreenKbGzip: 250, firstContentfulPaintMs: 3000 };
  const problems =
    'error' in outcome
      ? [`mobile client: ${outcome.error}`]
      : [
          ...(outcome.firstScreenJs.kbGzip > targets.firstScreenKbGzip ? [`mobile first screen: ${outcome.firstScreenJs.kbGzip} KB gzip (target ${targets.firstScreenKbGzip})`] : []),
          ...(outcome.firstContentfulPaintMs.coldMedian > targets.firstContentfulPaintMs
            ? [`mobile first contentful paint: ${outcome.firstContentfulPaintMs.coldMedian} ms cold (target ${targets.firstContentfulPaintMs})`]
            : []),
        ];
  const section = { ...RUN, loadAverage: os.loadavg()[0], targets, sqlite: outcome, ok: problems.length === 0, ...(problems.length ? { failures: problems } : {}) };
  return { section, problems };
}

/** The soak, on PostgreSQL only (BENCH_DATABASE_URL or the local server): opt-in, never part of the full run. */
export async function soakSection() {
  let outcome: SoakRun | { error: string };
  try {
    outcome = await benchSoak(log);
  } catch (err) {
    outcome = { error: err instanceof Error ? err.message : String(err) };
  }
  const problems = 'error' in outcome ? [`soak: ${outcome.error}`] : soakFailures(outcome);
  const print = () => {
    if (!('error' in outcome)) printSoak(outcome, log);
  };
  return { section: { ...RUN, postgres: outcome, ok: problems.length === 0, ...(problems.length ? { failures: problems } : {}) }, problems, print };
}

/**
 * Issue 23 on each database, over one company as the soak seeds it: a 5,000-row budget previewed from
 * xlsx, then 1,000 approvals delivered to webhooks. The receiver is on loopback, which only
 * WEBHOOK_ALLOW_PRIVATE lets through.
 */
export async function integrationsSection() {
  type Run = { importPreview: ImportPreviewRun; webhooks: WebhookDeliveriesRun };
  const runs = await eachDatabase<Run | { error: string }>(
    async (server, url) => {
      try {
        log('  integrations: seeding a company with a project, its approved budget, catalog and crews ...');
        const world = await seedSoak(server.baseUrl, { databaseUrl: url, dataDir: server.dataDir });
        const catalogCodes = Array.from({ length: SOAK_WORLD.budgetItems }, (_, i) => `SK-${i}`);
        const importPreview = await benchImportPreview(server, { companyId: world.companyId, headers: headersOf(world, world.owner), catalogCodes }, log);
        return { importPreview, webhooks: await benchWebhookDeliveries(server, world, log) };
      } catch (err) {
        return { error: err instanceof Error ? err.message : String(err) };
      }
    },
    (error) => ({ error }),
    { WEBHOOK_ALLOW_PRIVATE: 'true' },
  );
  const problems = runs.flatMap((r) =>
    'error' in r.outcome ? [`${r.database} integrations: ${r.outcome.error}`] : [...importPreviewFailures(r.database, r.outcome.importPreview), ...webhookFailures(r.database, r.outcome.webhooks)],
  );
  const print = () => {
    for (const r of runs) {
      if ('error' in r.outcome) continue;
      printImportPreview(r.database, r.outcome.importPreview, log);
      printWebhookDeliveries(r.database, r.outcome.webhooks, log);
    }
  };
  const section = { ...RUN, ...Object.fromEntries(runs.map((r) => [r.database, r.outcome])), ok: problems.length === 0, ...(problems.length ? { failures: problems } : {}) };
  return { section, problems, print };
}
