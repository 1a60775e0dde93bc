import { allows } from '../../../permissions/index.js';
import { ATTENTION_KINDS, type AttentionKind, type AttentionRow } from '../../../resources/dashboard.js';
import { EXPIRING_SOON_DAYS, expiryLabel, locateExpiry, type LocateStatus } from '../../../resources/locate.js';
import { todayIn } from '../../../resources/time-zone.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';

/** At most this many rows in the list, the most urgent first. */
const ATTENTION_LIMIT = 50;

/** Who may see each kind's rows: the view right of the list the row belongs to. */
export const ATTENTION_PERMISSIONS: Record<AttentionKind, string> = {
  budgets_in_review: 'projects:view',
  productions_to_approve: 'productions:view',
  invoices_overdue: 'invoices:view',
  locates_expiring: 'locate-view',
};

interface Window {
  companyId: number;
  today: string;
  projectId?: number;
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Budgets submitted for a review this company was asked for and has not decided (budget-reviews: a pending review of a submitted budget). */
async function budgetsInReview(db: Executor, w: Window): Promise<AttentionRow[]> {
  const rows = await db
    .selectFrom('budget_reviews as r')
    .innerJoin('budgets as b', 'b.id', 'r.budget_id')
    .innerJoin('projects as pr', 'pr.id', 'b.project_id')
    .select(['b.id', 'b.submitted_at', 'pr.id as project_id', 'pr.code', 'pr.project_name', 'r.reviewer_name'])
    .where('r.reviewer_company_id', '=', w.companyId)
    .where('r.status', '=', 'pending')
    .where('b.status', '=', 'submitted')
    .$if(!!w.projectId, (q) => q.where('pr.id', '=', w.projectId!))
    .orderBy('b.submitted_at')
    .limit(ATTENTION_LIMIT)
    .execute();
  return rows.map((r) => ({
    kind: 'budgets_in_review',
    id: r.id,
    title: `${r.code} ${r.project_name}`,
    detail: `Budget waiting for the review of ${r.reviewer_name}`,
    url: `/app/projects/${r.project_id}/budget`,
    date: r.submitted_at ? r.submitted_at.slice(0, 10) : null,
  }));
}

/** Submitted productions whose review by this company is still pending. */
async function productionsToApprove(db: Executor, w: Window): Promise<AttentionRow[]> {
  const rows = await db
    .selectFrom('production_reviews as r')
    .innerJoin('productions as p', 'p.id', 'r.production_id')
    .innerJoin('projects as pr', 'pr.id', 'p.project_id')
    .innerJoin('crews as cr', 'cr.id', 'p.crew_id')
    .select(['p.id', 'p.date', 'pr.code', 'cr.name as crew_name'])
    .where('r.company_id', '=', w.companyId)
    .where('r.status', '=', 'pending')
    .where('p.status', '=', 'submitted')
    .$if(!!w.projectId, (q) => q.where('p.project_id', '=', w.projectId!))
    .orderBy('p.date')
    .orderBy('p.id')
    .limit(ATTENTION_LIMIT)
    .execute();
  return rows.map((r) => ({
    kind: 'productions_to_approve',
    id: r.id,
    title: `${r.code}: ${r.crew_name}`,
    detail: `Production of ${r.date} waiting for approval`,
    url: `/app/productions/inspect/${r.id}`,
    date: r.date,
  }));
}

/** Invoices this company issued that are past their due day and not (fully) paid. */
async function invoicesOverdue(db: Executor, w: Window): Promise<AttentionRow[]> {
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('projects as pr', 'pr.id', 'i.project_id')
    .select(['i.id', 'i.number', 'i.due_date', 'pr.code'])
    .where('i.company_id', '=', w.companyId)
    .where('i.status', 'in', ['submit', 'unpaid', 'partially_paid'])
    .where('i.due_date', '<', w.today)
    .$if(!!w.projectId, (q) => q.where('i.project_id', '=', w.projectId!))
    .orderBy('i.due_date')
    .orderBy('i.id')
    .limit(ATTENTION_LIMIT)
    .execute();
  return rows.map((r) => ({
    kind: 'invoices_overdue',
    id: r.id,
    title: `Invoice ${r.number}`,
    detail: `${r.code}: due ${r.due_date}`,
    url: `/app/invoices/${r.id}`,
    date: r.due_date,
  }));
}

/** Tickets not closed that expired or expire within EXPIRING_SOON_DAYS (resources/locate.ts locateExpiry). */
async function locatesExpiring(db: Executor, w: Window): Promise<AttentionRow[]> {
  const rows = await db
    .selectFrom('locates as lo')
    .innerJoin('projects as pr', 'pr.id', 'lo.project_id')
    .select(['lo.id', 'lo.ticket_number', 'lo.expires_on', 'lo.status', 'pr.code'])
    .where('lo.company_id', '=', w.companyId)
    .where('lo.status', '!=', 'closed')
    .where('lo.expires_on', '<', addDays(w.today, EXPIRING_SOON_DAYS))
    .$if(!!w.projectId, (q) => q.where('lo.project_id', '=', w.projectId!))
    .orderBy('lo.expires_on')
    .orderBy('lo.id')
    .limit(ATTENTION_LIMIT)
    .execute();
  return rows.map((r) => ({
    kind: 'locates_expiring',
    id: r.id,
    title: `Ticket ${r.ticket_number}`,
    detail: `${r.code}: ${expiryLabel(locateExpiry({ expiresOn: r.expires_on, status: r.status as LocateStatus }, w.today).daysLeft)}`,
    url: `/app/locates/${r.id}`,
    date: r.expires_on,
  }));
}

const READERS: Record<AttentionKind, (db: Executor, w: Window) => Promise<AttentionRow[]>> = {
  budgets_in_review: budgetsInReview,
  productions_to_approve: productionsToApprove,
  invoices_overdue: invoicesOverdue,
  locates_expiring: locatesExpiring,
};

/**
 * GET /dashboard/attention: the asked kinds the viewer may see, each read with its own LIMIT, then
 * merged by date: what has waited longest, is most overdue or expires first comes first.
 */
export async function attentionRows(db: Executor, actor: Actor, query: { kinds: AttentionKind[]; projectId?: number }): Promise<AttentionRow[]> {
  const companyId = actor.membership!.companyId;
  const company = await db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow();
  const w: Window = { companyId, today: todayIn(company.timezone), projectId: query.projectId };
  const kinds = ATTENTION_KINDS.map((k) => k.value).filter((k) => query.kinds.includes(k) && allows(actor.profile, ATTENTION_PERMISSIONS[k]));
  const read = await Promise.all(kinds.map((k) => READERS[k](db, w)));
  return read
    .flat()
    .sort((a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999') || a.kind.localeCompare(b.kind) || a.id - b.id)
    .slice(0, ATTENTION_LIMIT);
}
