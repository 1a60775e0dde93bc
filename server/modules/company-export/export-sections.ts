import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/index.js';

/** The expression builder of one section's query: its table is aliased `t`. */
type Eb = ExpressionBuilder<any, any>;

/**
 * One JSON file of the export: the rows of one table that the company owns, or sees as its own (the
 * reviews and comments on its budgets and productions, the partnerships it is part of). Never a row
 * that is only another company's: every condition starts from the company's id.
 */
export interface ExportSection {
  /** The file's name in the zip, without .json. */
  name: string;
  table: string;
  where: (eb: Eb, companyId: number) => Expression<SqlBool>;
  /** Tables without an id are paged in the order of these columns. */
  orderBy?: string[];
  /** Columns left out besides the secrets every table loses (SECRET_COLUMN). */
  omit?: string[];
}

/**
 * Never exported, whatever the table: password and token hashes (a budget's public hash, an
 * invitation's token) open doors, and a store's object names are ours, not the company's.
 */
export const SECRET_COLUMN = /(^|_)(password|token|secret)(_|$)|_hash$|^object_name$/;

const own = (eb: Eb, companyId: number) => eb('t.company_id', '=', companyId);
/** Rows whose `column` names a row of `parent` that the company owns. */
const under = (parent: string, column: string) => (eb: Eb, companyId: number) =>
  eb(`t.${column}`, 'in', eb.selectFrom(parent).select('id').where('company_id', '=', companyId));
/** Rows of the company's own, or on a parent row of the company's (another company's review of its production). */
const ownOrUnder = (parent: string, column: string) => (eb: Eb, companyId: number) => eb.or([own(eb, companyId), under(parent, column)(eb, companyId)]);

/** Entity types of files that are not the company's data: the exports' own zips. */
export const EXPORT_FILE_ENTITY = 'companyExport';

export const EXPORT_SECTIONS: ExportSection[] = [
  { name: 'company', table: 'companies', where: (eb, id) => eb('t.id', '=', id) },
  {
    name: 'roles',
    table: 'roles',
    where: (eb, id) =>
      eb.or([
        eb.and([eb('t.scope_type', '=', 'company'), eb('t.scope_id', '=', id)]),
        eb.and([eb('t.scope_type', '=', 'project'), eb('t.scope_id', 'in', eb.selectFrom('projects').select('id').where('company_id', '=', id))]),
      ]),
  },
  { name: 'members', table: 'memberships', where: own },
  { name: 'member-categories', table: 'member_categories', where: under('memberships', 'membership_id'), orderBy: ['membership_id', 'category_id'] },
  { name: 'crews', table: 'crews', where: own },
  { name: 'crew-members', table: 'crew_members', where: under('crews', 'crew_id'), orderBy: ['crew_id', 'membership_id'] },
  { name: 'crew-categories', table: 'crew_categories', where: under('crews', 'crew_id'), orderBy: ['crew_id', 'category_id'] },
  {
    name: 'partnerships',
    table: 'partnerships',
    where: (eb, id) => eb.or([own(eb, id), eb('t.partner_company_id', '=', id), eb('t.client_id', '=', id), eb('t.subcontractor_id', '=', id)]),
  },
  { name: 'partnership-invitations', table: 'partnership_invitations', where: under('partnerships', 'partnership_id') },
  { name: 'markets', table: 'markets', where: own },
  { name: 'partnership-markets', table: 'partnership_markets', where: under('markets', 'market_id'), orderBy: ['partnership_id', 'market_id'] },
  { name: 'task-types', table: 'task_types', where: own },
  { name: 'damage-types', table: 'damage_types', where: own },
  { name: 'footprint-types', table: 'footprint_types', where: own },
  { name: 'safety-authorities', table: 'safety_authorities', where: own },
  { name: 'item-categories', table: 'item_categories', where: own },
  { name: 'items', table: 'items', where: own },
  { name: 'folders', table: 'folders', where: own },
  { name: 'file-permissions', table: 'file_permissions', where: own },
  { name: 'files', table: 'files', where: (eb, id) => eb.and([own(eb, id), eb('t.entity_type', '!=', EXPORT_FILE_ENTITY)]) },
  { name: 'projects', table: 'projects', where: own },
  { name: 'project-stations', table: 'project_stations', where: under('projects', 'project_id') },
  { name: 'project-crew-companies', table: 'project_crew_companies', where: under('projects', 'project_id'), orderBy: ['project_id', 'company_id'] },
  { name: 'budgets', table: 'budgets', where: own },
  { name: 'budget-items', table: 'budget_items', where: under('budgets', 'budget_id') },
  { name: 'budget-reviews', table: 'budget_reviews', where: under('budgets', 'budget_id') },
  { name: 'budget-comments', table: 'budget_comments', where: ownOrUnder('budgets', 'budget_id') },
  { name: 'change-orders', table: 'change_orders', where: own },
  { name: 'productions', table: 'productions', where: own },
  { name: 'production-items', table: 'production_items', where: under('productions', 'production_id') },
  { name: 'production-reviews', table: 'production_reviews', where: ownOrUnder('productions', 'production_id') },
  { name: 'production-stations', table: 'production_stations', where: under('productions', 'production_id'), orderBy: ['production_id', 'station_id'] },
  { name: 'production-traces', table: 'production_traces', where: under('productions', 'production_id') },
  { name: 'production-photos', table: 'production_photos', where: under('productions', 'production_id') },
  { name: 'production-comments', table: 'production_comments', where: ownOrUnder('productions', 'production_id') },
  { name: 'invoices', table: 'invoices', where: own },
  { name: 'invoice-lines', table: 'invoice_lines', where: own },
  { name: 'invoice-transactions', table: 'invoice_transactions', where: under('invoices', 'invoice_id') },
  { name: 'invoice-comments', table: 'invoice_comments', where: ownOrUnder('invoices', 'invoice_id') },
  { name: 'document-links', table: 'document_links', where: own },
  { name: 'document-decisions', table: 'document_decisions', where: own },
  { name: 'tasks', table: 'tasks', where: own },
  { name: 'task-items', table: 'task_items', where: under('tasks', 'task_id') },
  { name: 'task-comments', table: 'task_comments', where: ownOrUnder('tasks', 'task_id') },
  { name: 'task-files', table: 'task_files', where: under('tasks', 'task_id') },
  { name: 'damages', table: 'damages', where: own },
  { name: 'footprints', table: 'footprints', where: own },
  { name: 'logs', table: 'logs', where: own },
  { name: 'locates', table: 'locates', where: own },
  { name: 'locate-responses', table: 'locate_responses', where: under('locates', 'locate_id') },
  { name: 'plan-sheets', table: 'plan_sheets', where: own },
  { name: 'plan-layer-items', table: 'plan_layer_items', where: own },
  { name: 'production-plan-marks', table: 'production_plan_marks', where: under('productions', 'production_id') },
  { name: 'pdf-conversions', table: 'pdf_conversions', where: own },
  { name: 'pdf-conversion-pages', table: 'pdf_conversion_pages', where: under('pdf_conversions', 'conversion_id') },
  { name: 'dashboards', table: 'dashboards', where: own },
  { name: 'dashboard-widgets', table: 'dashboard_widgets', where: own },
  // The public URL is the dashboard's key for anyone without a login: an export passed around must not open it.
  { name: 'dashboard-publications', table: 'dashboard_publications', where: own, omit: ['public_url'] },
  // Names, permissions and use of the company's API tokens; their hashes go with every *_hash column.
  { name: 'api-tokens', table: 'api_tokens', where: own },
  { name: 'activity', table: 'audit_events', where: own },
];

/** Rows per query: enough to keep round trips few, few enough that a page never weighs much. */
const PAGE = 500;

/**
 * The section's rows, a page at a time (by id, or by the section's columns), without the secret
 * columns: the table is never read whole into memory.
 */
export async function* sectionRows(db: Db, section: ExportSection, companyId: number): AsyncGenerator<Record<string, unknown>> {
  const base = () => (db as any).selectFrom(`${section.table} as t`).selectAll('t').where((eb: Eb) => section.where(eb, companyId));
  const clean = (row: Record<string, unknown>) => {
    for (const key of Object.keys(row)) if (SECRET_COLUMN.test(key) || section.omit?.includes(key)) delete row[key];
    return row;
  };
  if (section.orderBy) {
    for (let offset = 0; ; offset += PAGE) {
      let q = base();
      for (const col of section.orderBy) q = q.orderBy(`t.${col}`);
      const rows: Record<string, unknown>[] = await q.limit(PAGE).offset(offset).execute();
      for (const row of rows) yield clean(row);
      if (rows.length < PAGE) return;
    }
  }
  let after = 0;
  for (;;) {
    const rows: Record<string, unknown>[] = await base().where('t.id', '>', after).orderBy('t.id').limit(PAGE).execute();
    for (const row of rows) yield clean(row);
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}
