import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './index.js';
import { foundation } from './migrations/0001_foundation.js';
import { catalog } from './migrations/0002_catalog.js';
import { files } from './migrations/0003_files.js';
import { members } from './migrations/0004_members.js';
import { crews } from './migrations/0005_crews.js';
import { partnerships } from './migrations/0006_partnerships.js';
import { items } from './migrations/0007_items.js';
import { jobs } from './migrations/0008_jobs.js';
import { partnershipConsent } from './migrations/0009_partnership_consent.js';
import { privacy } from './migrations/0010_privacy.js';
import { largeLists } from './migrations/0011_large_lists.js';
import { fileManager } from './migrations/0012_file_manager.js';
import { projectsBudgets } from './migrations/0013_projects_budgets.js';
import { productionsInvoices } from './migrations/0014_productions_invoices.js';
import { tasks } from './migrations/0015_tasks.js';
import { damagesFootprints } from './migrations/0016_damages_footprints.js';
import { logsLocates } from './migrations/0017_logs_locates.js';
import { mapCalendar } from './migrations/0018_map_calendar.js';
import { notificationSettings } from './migrations/0019_notification_settings.js';
import { chatQuickPanel } from './migrations/0020_chat_quick_panel.js';
import { clientDecisions } from './migrations/0021_client_decisions.js';
import { companyTimezone } from './migrations/0022_company_timezone.js';
import { invoicePayments } from './migrations/0023_invoice_payments.js';
import { dashboards } from './migrations/0024_dashboards.js';
import { figures } from './migrations/0025_figures.js';
import { productionTotals } from './migrations/0026_production_totals.js';
import { gridFilters } from './migrations/0027_grid_filters.js';
import { planTakeoff } from './migrations/0028_plan_takeoff.js';
import { pdfConversions } from './migrations/0029_pdf_conversions.js';
import { idempotencyKeys } from './migrations/0030_idempotency_keys.js';
import { jobRelayKeys } from './migrations/0031_job_relay_keys.js';
import { memberNamePrefix } from './migrations/0032_member_name_prefix.js';
import { companyExports } from './migrations/0033_company_exports.js';
import { apiTokens } from './migrations/0034_api_tokens.js';
import { webhooks } from './migrations/0035_webhooks.js';
import { locateExpiryAnnounced } from './migrations/0036_locate_expiry_announced.js';
import { tasksCrewStatus } from './migrations/0037_tasks_crew_status.js';

/** Versioned migrations in order; the same list runs on SQLite and PostgreSQL. Never edit a released one: add the next. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    '0002_catalog': catalog(dialect),
    '0003_files': files(dialect),
    '0004_members': members(dialect),
    '0005_crews': crews(dialect),
    '0006_partnerships': partnerships(dialect),
    '0007_items': items(dialect),
    '0008_jobs': jobs(dialect),
    '0009_partnership_consent': partnershipConsent(dialect),
    '0010_privacy': privacy(dialect),
    '0011_large_lists': largeLists(dialect),
    '0012_file_manager': fileManager(dialect),
    '0013_projects_budgets': projectsBudgets(dialect),
    '0014_productions_invoices': productionsInvoices(dialect),
    '0015_tasks': tasks(dialect),
    '0016_damages_footprints': damagesFootprints(dialect),
    '0017_logs_locates': logsLocates(dialect),
    '0018_map_calendar': mapCalendar(dialect),
    '0019_notification_settings': notificationSettings(dialect),
    '0020_chat_quick_panel': chatQuickPanel(dialect),
    '0021_client_decisions': clientDecisions(dialect),
    '0022_company_timezone': companyTimezone(dialect),
    '0023_invoice_payments': invoicePayments(dialect),
    '0024_dashboards': dashboards(dialect),
    '0025_figures': figures(dialect),
    '0026_production_totals': productionTotals(dialect),
    '0027_grid_filters': gridFilters(dialect),
    '0028_plan_takeoff': planTakeoff(dialect),
    '0029_pdf_conversions': pdfConversions(dialect),
    '0030_idempotency_keys': idempotencyKeys(dialect),
    '0031_job_relay_keys': jobRelayKeys(),
    '0032_member_name_prefix': memberNamePrefix(dialect),
    '0033_company_exports': companyExports(dialect),
    '0034_api_tokens': apiTokens(dialect),
    '0035_webhooks': webhooks(dialect),
    '0036_locate_expiry_announced': locateExpiryAnnounced(),
    '0037_tasks_crew_status': tasksCrewStatus(),
  };
}

/**
 * Building an index over a large table may outlast the server's statement timeout (a request's
 * bound): each migration lifts it for the transaction the migrator runs them in on PostgreSQL.
 */
function untimed(all: Record<string, Migration>): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(all).map(([name, m]) => [
      name,
      {
        ...m,
        up: async (db) => {
          await sql`set local statement_timeout = 0`.execute(db);
          await m.up(db);
        },
      },
    ]),
  );
}

/** A migrator over this connection's own schema: Kysely looks for its bookkeeping tables in every
 * schema on PostgreSQL unless told which one, so databases sharing a server (tests, bench) would see each other's. */
export async function createMigrator(db: Db, dialect: Dialect): Promise<Migrator> {
  const provider: MigrationProvider = { getMigrations: async () => (dialect === 'postgres' ? untimed(migrations(dialect)) : migrations(dialect)) };
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  const migrator = await createMigrator(db, dialect);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
