import { z } from 'zod';
import { idParam } from './id.js';
import { formatMoney } from './money.js';
import { toUtcDate } from './project.js';
import { text } from './text.js';

/**
 * The Reports group (spec 01 §2, spec 02 §2, issue 19): four screens, each a `ReportDocument` the
 * server builds from the figures model and the report calls of spec 02 §7. The screen shows it, and
 * the xlsx and PDF downloads are rendered from the very same document, so what is read on the screen
 * is what is printed. The query of each report is its address: every filter is a query parameter,
 * so a report can be bookmarked and shared.
 */

export const REPORT_NAMES = ['project-production', 'invoices', 'budget', 'flight-board'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_TITLES: Record<ReportName, string> = {
  'project-production': 'Project Production',
  invoices: 'Invoices',
  budget: 'Budget',
  'flight-board': 'Flight Board',
};

export const REPORT_MESSAGES = {
  day: 'Must be a date (YYYY-MM-DD)',
  range: 'To must be on or after from',
  project: 'Choose a project',
  format: 'Must be xlsx or pdf',
} as const;

// ---- Queries (the address of each report) ------------------------------------------------------

/** A calendar day written YYYY-MM-DD that exists (2026-02-30 does not). */
export const reportDay = text({ error: REPORT_MESSAGES.day })
  .regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_MESSAGES.day)
  .refine((v) => toUtcDate(v) === v, REPORT_MESSAGES.day);

const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const orderRule = { message: REPORT_MESSAGES.range, path: ['to'] };

/** Days are the project's own (its time zone), both included; left out, the project's start and today there. */
export const projectProductionReportQuery = z
  .strictObject({ projectId: idParam(REPORT_MESSAGES.project), from: reportDay.optional(), to: reportDay.optional() })
  .refine(inOrder, orderRule);
export type ProjectProductionReportQuery = z.output<typeof projectProductionReportQuery>;

export const INVOICE_REPORT_GROUPINGS = [
  { value: 'client', label: 'Client' },
  { value: 'project', label: 'Project' },
] as const;
export type InvoiceReportGrouping = (typeof INVOICE_REPORT_GROUPINGS)[number]['value'];

export const INVOICE_REPORT_DATES = [
  { value: 'created', label: 'Created' },
  { value: 'due', label: 'Due' },
] as const;
export type InvoiceReportDates = (typeof INVOICE_REPORT_DATES)[number]['value'];

/**
 * Invoices whose day (`dates`: created, the default, or due) is from `from` to `to` (left out: this
 * year so far, in the company's days), per client or project (the default); `subcontractorId`: those
 * received from it instead of those issued.
 */
export const invoicesReportQuery = z
  .strictObject({
    from: reportDay.optional(),
    to: reportDay.optional(),
    groupBy: z.enum(['client', 'project'], { error: 'Must be client or project' }).optional(),
    dates: z.enum(['created', 'due'], { error: 'Must be created or due' }).optional(),
    subcontractorId: idParam('Choose a subcontractor').optional(),
  })
  .refine(inOrder, orderRule);
export type InvoicesReportQuery = z.output<typeof invoicesReportQuery>;

/**
 * What the invoices report counts as billed: invoices sent and standing (sent, approved, partly or
 * wholly paid). Drafts were never sent, a rejected one is back with its sender to be corrected and
 * sent again, a cancelled one is void; the report lists them by status apart.
 */
export const BILLED_INVOICE_STATUSES = ['submit', 'unpaid', 'partially_paid', 'paid'] as const;

/** Ageing of what is outstanding, by days past due as of today: none when not yet due (or without a due day); `short` labels a chart's axis. */
export const AGEING_BUCKETS = [
  { key: 'current', label: 'Current', short: 'Current', pastDue: null },
  { key: 'days1to30', label: '1–30 days', short: '1–30', pastDue: [1, 30] },
  { key: 'days31to60', label: '31–60 days', short: '31–60', pastDue: [31, 60] },
  { key: 'days61to90', label: '61–90 days', short: '61–90', pastDue: [61, 90] },
  { key: 'over90', label: 'Over 90 days', short: '90+', pastDue: [91, null] },
] as const;

/** A project's budgets (companyId: whose, categoryId: which items; left out, all), spent within from–to (left out: all of it). */
export const budgetReportQuery = z
  .strictObject({
    projectId: idParam(REPORT_MESSAGES.project),
    companyId: idParam('Choose a company').optional(),
    categoryId: idParam('Choose a category').optional(),
    from: reportDay.optional(),
    to: reportDay.optional(),
  })
  .refine(inOrder, orderRule);
export type BudgetReportQuery = z.output<typeof budgetReportQuery>;

/**
 * The flight board: a project is behind schedule when its percent complete (approved production
 * over planned, by amount) trails the percent of its days elapsed by this many points or more.
 */
export const BEHIND_SCHEDULE_POINTS = 10;
/** Locate tickets still open that expire within this many days (today included) are flagged. */
export const LOCATE_EXPIRY_WARNING_DAYS = 7;

/** Every active project of the company; nothing to choose. */
export const flightBoardQuery = z.strictObject({});
export type FlightBoardQuery = z.output<typeof flightBoardQuery>;

export const REPORT_QUERIES = {
  'project-production': projectProductionReportQuery,
  invoices: invoicesReportQuery,
  budget: budgetReportQuery,
  'flight-board': flightBoardQuery,
} as const satisfies Record<ReportName, z.ZodType>;

export const REPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const reportFormat = z.enum(REPORT_FORMATS, { error: REPORT_MESSAGES.format });

// ---- The document ------------------------------------------------------------------------------

/**
 * How a value reads: money is an exact decimal string in dollars ("1234.50"), a quantity an exact
 * decimal string ("12.5"), a count a whole number, a percent a number with up to 2 decimals, a day
 * YYYY-MM-DD; text as it is. null is an empty cell.
 */
export type ReportValueKind = 'text' | 'money' | 'quantity' | 'count' | 'percent' | 'day';
export type ReportValue = string | number | null;
export type ReportRow = Record<string, ReportValue>;

export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportValueKind;
}

export interface ReportTable {
  id: string;
  title: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** The totals row, summed exactly over every row (not only those shown). */
  totals?: ReportRow;
  /** Shown when there are no rows. */
  empty: string;
}

/** A chart: categories along one axis, one value per category in each series. */
export interface ReportChart {
  id: string;
  title: string;
  kind: 'bar' | 'line' | 'pie';
  unit: 'money' | 'quantity' | 'count';
  categories: string[];
  series: Array<{ label: string; values: string[] }>;
}

/** A headline figure ("Produced $12,400.00"). */
export interface ReportFact {
  label: string;
  value: ReportValue;
  kind: ReportValueKind;
}

export interface ReportDocument {
  report: ReportName;
  title: string;
  /** What the report covers, in words: the project, the days, the grouping. */
  subtitle: string;
  /** The days covered, both included, when the report has a range. */
  range?: { from: string; to: string };
  facts: ReportFact[];
  charts: ReportChart[];
  tables: ReportTable[];
  /** When the server built it (ISO instant). */
  generatedAt: string;
  /** Where its days are (the project's time zone, or the company's): generatedAt is read there too. */
  timeZone: string;
}

/** The file name of a download: Title_From_To.xlsx (or .pdf), letters, digits, dots and dashes only. */
export function reportFileName(doc: Pick<ReportDocument, 'title' | 'range'>, format: ReportFormat): string {
  const title = doc.title.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^_+|_+$/g, '') || 'Report';
  return `${title}${doc.range ? `_${doc.range.from}_${doc.range.to}` : ''}.${format}`;
}

const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A value as people read it, the same on the screen and in the PDF: $1,234.50, 1,250.5, 12.5%, 03/02/2026. */
export function formatReportValue(kind: ReportValueKind, value: ReportValue): string {
  if (value === null || value === '') return '';
  switch (kind) {
    case 'money':
      return formatMoney(String(value));
    case 'quantity':
    case 'count': {
      const [whole = '0', frac] = String(value).split('.');
      const sign = whole.startsWith('-') ? '-' : '';
      return `${sign}${grouped(whole.replace('-', ''))}${frac ? `.${frac}` : ''}`;
    }
    case 'percent':
      return `${Number(value).toFixed(2).replace(/\.?0+$/, '')}%`;
    case 'day': {
      const d = String(value);
      return /^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}` : d;
    }
    default:
      return String(value);
  }
}
