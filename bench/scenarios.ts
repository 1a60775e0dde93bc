// The scenarios that seed their own volume into a database's running server and measure it: run
// inside each database's pass of the full bench, or alone with `--only <cli name>`.
import { benchBudgetSection, budgetFailures, printBudgetSection, seedBudgetSection, type BudgetSectionRun } from './budget-section.js';
import { benchFieldOperations, fieldFailures, printFieldOperations, seedFieldOperations, type FieldOperationsRun } from './field-operations.js';
import { benchFigures, figuresFailures, printFigures, seedFigures, type FiguresRun } from './figures.js';
import {
  benchProductionsInvoices,
  printProductionsInvoices,
  productionFailures,
  seedProductionsInvoices,
  type ProductionsInvoicesRun,
} from './productions-invoices.js';
import { benchPublicDashboard, printPublicDashboard, publicDashboardFailures } from './public-dashboard.js';
import { benchReports, printReports, reportsFailures } from './reports.js';
import { reopenAfterSeed, type RunningServer } from './server.js';
import { log, RUN } from './sections.js';

type Failed = { error: string };
type Outcome<R> = R | Failed;

interface Scenario<R> {
  /** The name `--only` takes. */
  cli: string;
  /** Its section in results.json. */
  resultsKey: string;
  /** What a failure message calls it. */
  label: string;
  measure: (server: RunningServer, databaseUrl: string | null) => Promise<R>;
  failures: (database: string, run: R) => string[];
  print: (database: string, run: R) => void;
}

const seededIn = (s: { total: number; api: number; volume: number; analyze: number }) =>
  `  done in ${s.total} s (API ${s.api} s, SQL ${s.volume} s, statistics ${s.analyze} s)`;

const budget: Scenario<BudgetSectionRun> = {
  cli: 'budget',
  resultsKey: 'budgetSection',
  label: 'budget section',
  async measure(server, databaseUrl) {
    log('  budget section: seeding a project with its budget (through the API, the volume in SQL) ...');
    const seeded = await seedBudgetSection(server.baseUrl, { databaseUrl, dataDir: server.dataDir });
    await reopenAfterSeed(server, log);
    log(`  done in ${seeded.seconds} s`);
    return benchBudgetSection(server.baseUrl, seeded, log);
  },
  failures: budgetFailures,
  print: (database, run) => printBudgetSection(database, run, log),
};

const productions: Scenario<ProductionsInvoicesRun> = {
  cli: 'productions',
  resultsKey: 'productionsInvoices',
  label: 'productions and invoices',
  async measure(server, databaseUrl) {
    log('  productions and invoices: seeding a project with 100,000 productions (through the API, the volume in SQL) ...');
    const seeded = await seedProductionsInvoices(server.baseUrl, { databaseUrl, dataDir: server.dataDir, log });
    await reopenAfterSeed(server, log);
    log(seededIn(seeded.seconds));
    return benchProductionsInvoices(server.baseUrl, seeded, log);
  },
  failures: productionFailures,
  print: (database, run) => printProductionsInvoices(database, run, log),
};

const fieldOperations: Scenario<FieldOperationsRun> = {
  cli: 'field',
  resultsKey: 'fieldOperations',
  label: 'field operations',
  async measure(server, databaseUrl) {
    log('  field operations: seeding 200,000 tasks and 100,000 logs (through the API, the volume in SQL) ...');
    const seeded = await seedFieldOperations(server.baseUrl, { databaseUrl, dataDir: server.dataDir, log });
    await reopenAfterSeed(server, log);
    log(seededIn(seeded.seconds));
    return benchFieldOperations(server.baseUrl, seeded, log);
  },
  failures: fieldFailures,
  print: (database, run) => printFieldOperations(database, run, log),
};

/** The figures model's widget questions, then the public dashboard and the reports over the same volume. */
const figures: Scenario<FiguresRun> = {
  cli: 'figures',
  resultsKey: 'figures',
  label: 'figures',
  async measure(server, databaseUrl) {
    log('  figures: seeding 100,000 productions of 1,000,000 items (through the API, the volume in SQL) ...');
    const seeded = await seedFigures(server.baseUrl, { databaseUrl, dataDir: server.dataDir, log });
    await reopenAfterSeed(server, log);
    log(seededIn(seeded.seconds));
    const run = await benchFigures(server.baseUrl, seeded, log);
    const publicDashboard = await benchPublicDashboard(server.baseUrl, seeded, log).catch((err: Error) => ({ error: err.message }));
    const reports = await benchReports(server.baseUrl, seeded, log, { databaseUrl, dataDir: server.dataDir, serverPid: await server.serverPid() }).catch(
      (err: Error) => ({ error: err.message }),
    );
    return { ...run, publicDashboard, reports };
  },
  failures: (database, r) => [
    ...figuresFailures(database, r),
    ...(!r.publicDashboard ? [] : 'error' in r.publicDashboard ? [`${database} public dashboard: ${r.publicDashboard.error}`] : publicDashboardFailures(database, r.publicDashboard)),
    ...(!r.reports ? [] : 'error' in r.reports ? [`${database} reports: ${r.reports.error}`] : reportsFailures(database, r.reports)),
  ],
  print(database, run) {
    printFigures(database, run, log);
    if (run.publicDashboard && !('error' in run.publicDashboard)) printPublicDashboard(database, run.publicDashboard, log);
    if (run.reports && !('error' in run.reports)) printReports(database, run.reports, log);
  },
};

/** Keyed by the field each database's run keeps the outcome in (results.json's `alsoMeasured` shows them so). */
export const SCENARIOS = { budget, productions, fieldOperations, figures };
export type ScenarioName = keyof typeof SCENARIOS;
export type ScenarioOutcomes = {
  budget: Outcome<BudgetSectionRun>;
  productions: Outcome<ProductionsInvoicesRun>;
  fieldOperations: Outcome<FieldOperationsRun>;
  figures: Outcome<FiguresRun>;
};
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];

// One scenario's functions seen through its name: the table holds differently typed runs.
const scenario = (name: ScenarioName) => SCENARIOS[name] as unknown as Scenario<unknown>;

/** Measures one scenario on a running server; a failure anywhere is its outcome, not the bench's end. */
export async function measureScenario<N extends ScenarioName>(name: N, server: RunningServer, databaseUrl: string | null): Promise<ScenarioOutcomes[N]> {
  try {
    return (await scenario(name).measure(server, databaseUrl)) as ScenarioOutcomes[N];
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

export function scenarioProblems(name: ScenarioName, database: string, outcome: Outcome<unknown>): string[] {
  const s = scenario(name);
  return outcome && typeof outcome === 'object' && 'error' in outcome ? [`${database} ${s.label}: ${outcome.error}`] : s.failures(database, outcome);
}

export function printScenario(name: ScenarioName, database: string, outcome: Outcome<unknown>) {
  if (!(outcome && typeof outcome === 'object' && 'error' in outcome)) scenario(name).print(database, outcome);
}

/** One scenario's section of results.json: each database's outcome and the bars it missed. */
export function scenarioReport(name: ScenarioName, runs: Array<{ database: string; outcome: Outcome<unknown> }>) {
  const problems = runs.flatMap((r) => scenarioProblems(name, r.database, r.outcome));
  return {
    ...RUN,
    ...Object.fromEntries(runs.map((r) => [r.database, r.outcome])),
    ok: problems.length === 0,
    ...(problems.length ? { failures: problems } : {}),
  };
}
