import { partnerResourceOf, type PartnerType } from '../../../resources/partnership.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { parseListQuery, runList, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { listSpecFor } from '../../engine/resource-sql.js';
import { auditedFields, partnershipRows, partnershipViews, type PartnershipRow } from './partnership-query.js';

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
  return { rows: await partnershipViews(services.db, page.rows as PartnershipRow[], viewerId, type), total: page.total };
}

/**
 * Which side the company is on, from the bare row: what the other company is to it. Null when the
 * company takes no part in the partnership, which callers answer as 404.
 */
export async function sideOf(db: Executor, id: number, companyId: number) {
  const row = await db.selectFrom('partnerships').select(['id', 'company_id', 'client_id', 'subcontractor_id']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const type: PartnerType | null = row.subcontractor_id === companyId ? 'client' : row.client_id === companyId ? 'subcontractor' : null;
  return type ? { type, isHost: row.company_id === companyId, hostId: row.company_id } : null;
}

/** One partnership as the company sees it; 404 when it is not one of its own. */
export async function viewPartnership(db: Executor, id: number, companyId: number) {
  const side = await sideOf(db, id, companyId);
  if (!side) throw partnershipNotFound();
  const row = await partnershipRows(db, companyId, side.type).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw partnershipNotFound();
  const [view] = await partnershipViews(db, [row as PartnershipRow], companyId, side.type);
  return view!;
}

export const getPartnership = (services: Services, actor: Actor, id: number) => viewPartnership(services.db, id, activeCompanyId(actor));

/** The active partnership between two companies, when the active company is one of them. */
export async function getPartnershipBetween(services: Services, actor: Actor, subcontractorId: number, clientId: number) {
  const companyId = activeCompanyId(actor);
  if (companyId !== subcontractorId && companyId !== clientId) throw partnershipNotFound();
  const row = await services.db
    .selectFrom('partnerships')
    .select('id')
    .where('client_id', '=', clientId)
    .where('subcontractor_id', '=', subcontractorId)
    .executeTakeFirst();
  if (!row) throw partnershipNotFound();
  return viewPartnership(services.db, row.id, companyId);
}

/**
 * The host's own partnership, for changes: 404 when the company takes no part in it, 403 when it is
 * the partner (it may read the partnership but not change it).
 */
export async function requireHost(db: Executor, id: number, companyId: number) {
  const side = await sideOf(db, id, companyId);
  if (!side) throw partnershipNotFound();
  if (!side.isHost) throw forbidden('Only the company that made this partnership can change it.');
  return side;
}

/** Ends a partnership: its markets links and invitation go with it; both companies' trails record it. */
export async function deletePartnership(services: Services, actor: Actor, id: number): Promise<void> {
  const companyId = activeCompanyId(actor);
  await services.db
    .transaction()
    .execute(async (trx) => {
      await requireHost(trx, id, companyId);
      const views = [await viewPartnership(trx, id, companyId)];
      if (views[0]!.partnerId !== null) views.push(await viewPartnership(trx, id, views[0]!.partnerId));
      await trx.deleteFrom('partnership_markets').where('partnership_id', '=', id).execute();
      await trx.deleteFrom('partnership_invitations').where('partnership_id', '=', id).execute();
      await trx.deleteFrom('partnerships').where('id', '=', id).execute();
      // Each company's trail tells it from its own side: the host's partner, the partner's host.
      for (const [i, view] of views.entries()) {
        await recordAudit(
          trx,
          { userId: actor.user.id, companyId },
          { entityType: 'partnership', entityId: id, action: 'deleted', before: auditedFields(view), companyId: i === 0 ? companyId : views[0]!.partnerId },
        );
      }
    })
    .catch((err) => {
      if (isForeignKeyViolation(err)) throw conflict('This partnership is still in use', 'IN_USE');
      throw err;
    });
}
