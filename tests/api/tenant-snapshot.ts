import { sql, type RawBuilder } from 'kysely';
import type { TestServer } from './harness.js';
import type { Tenant } from './tenant-kinds.js';

// ---- A's rows, table by table --------------------------------------------------------------------

type Scope = Tenant['scope'];
const list = (xs: Array<number | string>) => sql.join(xs);
const companiesOf = (a: Scope) => list(a.companies);
const partnershipsOf = (a: Scope) =>
  sql`select id from partnerships where company_id in (${companiesOf(a)}) or partner_company_id in (${companiesOf(a)}) or client_id in (${companiesOf(a)}) or subcontractor_id in (${companiesOf(a)})`;
const crewsOf = (a: Scope) => sql`select id from crews where company_id in (${companiesOf(a)})`;
const membershipsOf = (a: Scope) => sql`select id from memberships where company_id in (${companiesOf(a)})`;
const productionsOf = (a: Scope) => sql`select id from productions where company_id in (${companiesOf(a)})`;
const categoriesOf = (a: Scope) => sql`select id from item_categories where company_id in (${companiesOf(a)})`;

/** Which rows of a table are A's, where a company_id column alone does not say it all. */
const TABLE_SCOPES: Record<string, (a: Scope) => RawBuilder<unknown>> = {
  companies: (a) => sql`id in (${companiesOf(a)})`,
  roles: (a) =>
    sql`(scope_type = 'company' and scope_id in (${companiesOf(a)})) or (scope_type = 'project' and scope_id in (select id from projects where company_id in (${companiesOf(a)})))`,
  users: (a) => sql`id in (${list(a.users)})`,
  sessions: (a) => sql`user_id in (${list(a.users)})`,
  password_resets: (a) => sql`user_id in (${list(a.users)})`,
  email_changes: (a) => sql`user_id in (${list(a.users)})`,
  user_views: (a) => sql`user_id in (${list(a.users)})`,
  memberships: (a) => sql`company_id in (${companiesOf(a)}) or user_id in (${list(a.users)})`,
  crew_members: (a) => sql`crew_id in (${crewsOf(a)}) or membership_id in (${membershipsOf(a)})`,
  crew_categories: (a) => sql`crew_id in (${crewsOf(a)}) or category_id in (${categoriesOf(a)})`,
  member_categories: (a) => sql`membership_id in (${membershipsOf(a)}) or category_id in (${categoriesOf(a)})`,
  audit_events: (a) => sql`company_id in (${companiesOf(a)}) or actor_user_id in (${list(a.users)})`,
  mail_outbox: (a) => sql`to_address in (${list(a.emails)})`,
  mail_attachments: (a) => sql`outbox_id in (select id from mail_outbox where to_address in (${list(a.emails)}))`,
  // A job is the server's own work; the mail it carries is checked through mail_outbox.
  jobs: () => sql`false`,
  pdf_conversion_pages: (a) => sql`conversion_id in (select id from pdf_conversions where company_id in (${companiesOf(a)}))`,
  list_totals: (a) => sql`list in ('members', 'tasks') and scope_id in (${companiesOf(a)})`,
  files: (a) => sql`company_id in (${companiesOf(a)}) or (entity_type = 'user' and entity_id in (${list(a.users.map(String))}))`,
  partnerships: (a) => sql`id in (${partnershipsOf(a)})`,
  partnership_invitations: (a) => sql`partnership_id in (${partnershipsOf(a)})`,
  partnership_markets: (a) => sql`partnership_id in (${partnershipsOf(a)}) or market_id in (select id from markets where company_id in (${companiesOf(a)}))`,
  items: (a) => sql`company_id in (${companiesOf(a)}) or partnership_id in (${partnershipsOf(a)})`,
  projects: (a) => sql`company_id in (${companiesOf(a)}) or client_id in (${companiesOf(a)})`,
  project_stations: (a) => sql`project_id in (select id from projects where company_id in (${companiesOf(a)}))`,
  project_crew_companies: (a) => sql`project_id in (select id from projects where company_id in (${companiesOf(a)})) or company_id in (${companiesOf(a)})`,
  budget_items: (a) => sql`budget_id in (select id from budgets where company_id in (${companiesOf(a)}))`,
  budget_reviews: (a) => sql`budget_id in (select id from budgets where company_id in (${companiesOf(a)})) or reviewer_company_id in (${companiesOf(a)})`,
  invoice_transactions: (a) => sql`invoice_id in (select id from invoices where company_id in (${companiesOf(a)}))`,
  budget_comments: (a) => sql`budget_id in (select id from budgets where company_id in (${companiesOf(a)})) or company_id in (${companiesOf(a)})`,
  production_items: (a) => sql`production_id in (${productionsOf(a)})`,
  production_plan_marks: (a) => sql`production_id in (${productionsOf(a)})`,
  production_reviews: (a) => sql`production_id in (${productionsOf(a)}) or company_id in (${companiesOf(a)})`,
  production_stations: (a) => sql`production_id in (${productionsOf(a)})`,
  production_traces: (a) => sql`production_id in (${productionsOf(a)})`,
  production_photos: (a) => sql`production_id in (${productionsOf(a)})`,
  production_comments: (a) => sql`production_id in (${productionsOf(a)}) or company_id in (${companiesOf(a)})`,
  task_items: (a) => sql`task_id in (select id from tasks where company_id in (${companiesOf(a)}))`,
  task_files: (a) => sql`task_id in (select id from tasks where company_id in (${companiesOf(a)}))`,
  locate_responses: (a) => sql`locate_id in (select id from locates where company_id in (${companiesOf(a)}))`,
  chat_messages: (a) => sql`chat_id in (select id from chats where company_id in (${companiesOf(a)})) or sender_user_id in (${list(a.users)})`,
  quick_notes: (a) => sql`user_id in (${list(a.users)})`,
  idempotency_keys: (a) => sql`user_id in (${list(a.users)})`,
};

export type Snapshot = Map<string, string[]>;
export type ScopedTable = { name: string; rows: RawBuilder<unknown> };

/** Every table of the database with the condition picking A's rows; a table with no rule is reported. */
export async function scopedTables(s: TestServer, a: Scope, problems: string[]): Promise<ScopedTable[]> {
  const db = s.services.db;
  const schema = s.services.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  // SQLite's full-text tables (and their shadow tables) index rows of tables snapshotted themselves.
  const textIndex = /^(memberships|items|crews|files|folders|projects|tasks)_text(_config|_data|_docsize|_idx|_content)?$/;
  const tables = (await db.introspection.getTables()).filter((t) => (!schema || t.schema === schema) && !textIndex.test(t.name));
  return tables.flatMap((table) => {
    const rule = TABLE_SCOPES[table.name] ?? (table.columns.some((c) => c.name === 'company_id') ? (x: Scope) => sql`company_id in (${companiesOf(x)})` : undefined);
    if (rule) return [{ name: table.name, rows: rule(a) }];
    problems.push(`add a snapshot rule for table ${table.name} (TABLE_SCOPES): which of its rows are a company's?`);
    return [];
  });
}

/** A's rows, table by table, as sorted JSON. */
export async function snapshot(s: TestServer, tables: ScopedTable[]): Promise<Snapshot> {
  const rows = await Promise.all(tables.map((table) => sql<Record<string, unknown>>`select * from ${sql.table(table.name)} where ${table.rows}`.execute(s.services.db)));
  return new Map(tables.map((table, i) => [table.name, rows[i]!.rows.map((r) => JSON.stringify(r)).sort()]));
}

export function changes(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [table, rows] of after) {
    const was = before.get(table) ?? [];
    const gone = was.filter((r) => !rows.includes(r));
    const added = rows.filter((r) => !was.includes(r));
    if (gone.length || added.length) out.push(`${table}: ${gone.map((r) => `- ${r}`).concat(added.map((r) => `+ ${r}`)).join(' ').slice(0, 600)}`);
  }
  return out;
}

