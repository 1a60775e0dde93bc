import { sql } from 'kysely';
import { isPending } from '../../../resources/partnership-lifecycle.js';
import { partnerResourceOf, type PartnershipSide, type PartnershipStatus, type PartnershipView, type PartnerType } from '../../../resources/partnership.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { parseListQuery, runList, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { listSpecFor } from '../../engine/resource-sql.js';
import { auditedFields, partnershipRows, partnershipViews, type PartnershipRow } from './partnership-query.js';
import { changeStatus } from './partnership-states.js';

/** The active company, which every partnership call acts for (the route checked the permission). */
export const activeCompanyId = (actor: Actor) => actor.membership!.companyId;

export const partnershipNotFound = () => notFound('Partnership');

const LIST_SPECS = { client: listSpecFor(partnerResourceOf('client'), 'v'), subcontractor: listSpecFor(partnerResourceOf('subcontractor'), 'v') };

/** The active company's clients or subcontractors: one page, filtered and sorted in SQL. */
export async function listPartnerships(services: Services, actor: Actor, type: PartnerType, query: RawListQuery) {
  const viewerId = activeCompanyId(actor);
  const list = parseListQuery(LIST_SPECS[type], query);
  const base = services.db.selectFrom(partnershipRows(services.db, viewerId, type).as('v')).selectAll('v');
  const page = await runList(base, list);
  return { rows: await partnershipViews(services.db, page.rows as PartnershipRow[], type), total: page.total };
}

/**
 * The partnership's bare row as one company stands in it: what the other company is to it, which
 * side it is on, the status. Null when the company takes no part in it, which callers answer as 404.
 */
export async function sideOf(db: Executor, id: number, companyId: number) {
  const row = await db
    .selectFrom('partnerships')
    .select(['id', 'company_id', 'client_id', 'subcontractor_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const type: PartnerType | null = row.subcontractor_id === companyId ? 'client' : row.client_id === companyId ? 'subcontractor' : null;
  if (!type) return null;
  const side: PartnershipSide = row.company_id === companyId ? 'host' : 'partner';
  return { id, type, side, status: row.status as PartnershipStatus };
}

/** One partnership as the company sees it; 404 when it is not one of its own. */
export async function viewPartnership(db: Executor, id: number, companyId: number) {
  const side = await sideOf(db, id, companyId);
  if (!side) throw partnershipNotFound();
  const row = await partnershipRows(db, companyId, side.type).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw partnershipNotFound();
  const [view] = await partnershipViews(db, [row as PartnershipRow], side.type);
  return view!;
}

export const getPartnership = (services: Services, actor: Actor, id: number) => viewPartnership(services.db, id, activeCompanyId(actor));

/**
 * The partnership between two companies, when the active company is one of them: the live one
 * (requested or active) when there is one, else the latest that ended or was declined.
 */
export async function getPartnershipBetween(services: Services, actor: Actor, subcontractorId: number, clientId: number) {
  const companyId = activeCompanyId(actor);
  if (companyId !== subcontractorId && companyId !== clientId) throw partnershipNotFound();
  const row = await services.db
    .selectFrom('partnerships')
    .select('id')
    .where('client_id', '=', clientId)
    .where('subcontractor_id', '=', subcontractorId)
    .orderBy(sql`case when status in ('requested', 'active') then 0 else 1 end`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw partnershipNotFound();
  return viewPartnership(services.db, row.id, companyId);
}

/**
 * The host's own partnership, for changes to its markets: 404 when the company takes no part in
 * it, 403 when it is the partner (it may read the partnership but not change it).
 */
export async function requireHost(db: Executor, id: number, companyId: number) {
  const side = await sideOf(db, id, companyId);
  if (!side) throw partnershipNotFound();
  if (side.side !== 'host') throw forbidden('Only the company that made this partnership can change it.');
  return side;
}

/** The companies taking part in a partnership: the host, and the partner once it is known. */
async function partiesOf(db: Executor, id: number) {
  const row = await db.selectFrom('partnerships').select(['company_id', 'partner_company_id']).where('id', '=', id).executeTakeFirstOrThrow();
  return row.partner_company_id === null ? [row.company_id] : [row.company_id, row.partner_company_id];
}

/**
 * Makes a change to a partnership and records it in the trail of every company taking part, each
 * as it sees the partnership from its own side (a company that joins with the change has no before).
 */
export async function inEveryTrail<T>(trx: Trx, who: AuditActor, id: number, action: string, change: () => Promise<T>): Promise<T> {
  const before = new Map<number, PartnershipView>();
  for (const companyId of await partiesOf(trx, id)) before.set(companyId, await viewPartnership(trx, id, companyId));
  const result = await change();
  for (const companyId of await partiesOf(trx, id)) {
    const was = before.get(companyId);
    const now = await viewPartnership(trx, id, companyId);
    await recordAudit(
      trx,
      who,
      { entityType: 'partnership', entityId: id, action, before: was ? auditedFields(was) : null, after: auditedFields(now), companyId },
    );
  }
  return result;
}

/**
 * DELETE /partnerships/delete/{id}: ends the partnership, or withdraws a request or invitation not
 * answered yet. Nothing is deleted: each company keeps its own rows (items, markets) and sees the
 * partnership ended, and both trails record who ended it.
 */
export async function endPartnership(services: Services, actor: Actor, id: number): Promise<void> {
  const companyId = activeCompanyId(actor);
  await services.db.transaction().execute(async (trx) => {
    const side = await sideOf(trx, id, companyId);
    if (!side) throw partnershipNotFound();
    const action = isPending(side.status) ? 'withdrawn' : 'ended';
    await inEveryTrail(trx, { userId: actor.user.id, companyId }, id, action, () =>
      changeStatus(trx, side, 'end', side.side, { ended_at: nowIso(), ended_by: actor.user.id, ended_by_company_id: companyId }),
    );
  });
}
