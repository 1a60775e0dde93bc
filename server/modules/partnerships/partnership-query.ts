import { sql } from 'kysely';
import type { Market, PartnershipSide, PartnershipStatus, PartnershipView, PartnerType } from '../../../resources/partnership.js';
import type { Executor } from '../../db/index.js';

/**
 * The partnerships one company takes part in, seen from its side: `type` is what the other company
 * is to it. Columns are named as the list spec expects them (snake_case of the API field), so the
 * grid's filters and sorts apply to the outer query unchanged.
 */
export function partnershipRows(db: Executor, viewerId: number, type: PartnerType) {
  // A client of the viewer means the viewer is that partnership's subcontractor, and the reverse.
  const own = type === 'client' ? 'p.subcontractor_id' : 'p.client_id';
  const other = type === 'client' ? 'p.client_id' : 'p.subcontractor_id';
  const isHost = sql<boolean>`p.company_id = ${viewerId}`;
  // The host sees the contact it was given (the asked company's own once it accepts); the partner sees
  // the host company's own contact. The asking company learns nothing but the name until then.
  const contact = (column: 'contact_name' | 'contact_email') =>
    sql<string | null>`case when ${isHost} and p.status = 'requested' then null when ${isHost} then ${sql.ref(`p.${column}`)} else ${sql.ref(`o.${column}`)} end`;
  return (
    db
      .selectFrom('partnerships as p')
      .leftJoin('companies as o', (join) => join.onRef('o.id', '=', other).on('o.deleted_at', 'is', null))
      .where(own, '=', viewerId)
      // A partner company that was deleted takes its partnerships out of sight.
      .where((eb) => eb.or([eb(other, 'is', null), eb('o.id', 'is not', null)]))
      .select([
        'p.id',
        'p.company_id',
        'p.client_id',
        'p.subcontractor_id',
        'p.status',
        'p.decline_reason',
        'p.ended_at',
        'p.ended_by_company_id',
        'p.created_at',
        'p.updated_at',
        sql<number | null>`${sql.ref(other)}`.as('partner_id'),
        sql<string>`coalesce(o.name, p.name)`.as('name'),
        contact('contact_name').as('contact_name'),
        contact('contact_email').as('contact_email'),
        sql<PartnershipSide>`case when ${isHost} then 'host' else 'partner' end`.as('side'),
      ])
  );
}

export type PartnershipRow = {
  id: number;
  company_id: number;
  client_id: number | null;
  subcontractor_id: number | null;
  status: string;
  decline_reason: string | null;
  ended_at: string | null;
  ended_by_company_id: number | null;
  created_at: string;
  updated_at: string;
  partner_id: number | null;
  name: string;
  contact_name: string | null;
  contact_email: string | null;
  side: PartnershipSide;
};

/** The markets of each partnership, in one query for a whole page. */
export async function marketsOf(db: Executor, partnershipIds: number[]): Promise<Map<number, Market[]>> {
  const byPartnership = new Map<number, Market[]>();
  if (!partnershipIds.length) return byPartnership;
  const rows = await db
    .selectFrom('partnership_markets as pm')
    .innerJoin('markets as m', 'm.id', 'pm.market_id')
    .select(['pm.partnership_id', 'm.id', 'm.name'])
    .where('pm.partnership_id', 'in', partnershipIds)
    .orderBy('m.search_name')
    .execute();
  for (const r of rows) {
    const list = byPartnership.get(r.partnership_id) ?? [];
    list.push({ id: r.id, name: r.name });
    byPartnership.set(r.partnership_id, list);
  }
  return byPartnership;
}

export function partnershipView(row: PartnershipRow, type: PartnerType, markets: Market[]): PartnershipView {
  return {
    id: row.id,
    type,
    clientId: row.client_id,
    subcontractorId: row.subcontractor_id,
    partnerId: row.partner_id,
    name: row.name,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    status: row.status as PartnershipStatus,
    declineReason: row.decline_reason,
    side: row.side,
    endedAt: row.ended_at,
    endedBy: row.ended_by_company_id === null ? null : row.ended_by_company_id === row.company_id ? 'host' : 'partner',
    markets,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Page rows as views, with their markets. */
export async function partnershipViews(db: Executor, rows: PartnershipRow[], type: PartnerType) {
  const markets = await marketsOf(db, rows.map((r) => r.id));
  return rows.map((r) => partnershipView(r, type, markets.get(r.id) ?? []));
}

/** What the audit trail keeps of a partnership. */
export const auditedFields = (v: PartnershipView) => ({
  type: v.type,
  name: v.name,
  partnerId: v.partnerId,
  contactName: v.contactName,
  contactEmail: v.contactEmail,
  status: v.status,
  declineReason: v.declineReason,
  endedAt: v.endedAt,
});
