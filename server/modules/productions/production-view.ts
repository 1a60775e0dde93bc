import { sql } from 'kysely';
import { centsToMoney, e3ToQuantity, lineAmountCents, mulDivRound } from '../../../resources/money.js';
import type { Production, ProductionItem, ProductionPlanMark, ProductionListRow, ProductionReview, ProductionReviewRole, ProductionReviewStatus, ProductionStatus, ProductionTexts } from '../../../resources/production.js';
import type { Executor } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { readSum, sumProduct } from '../../lib/exact-sum.js';
import { parseJson } from '../../lib/json.js';
import { projectPlanSheets } from '../plan-takeoff/plan-sheets.js';
import type { ProductionScope } from './production-access.js';

/** A production's amount: Σ quantity × price summed exactly, then rounded half up to cents once. */
export const amountOf = (sum: bigint) => centsToMoney(mulDivRound(sum, 1n, 1000n));

/** Item counts and amounts of the given productions, in one grouped query over their ids. */
export async function itemFigures(db: Executor, ids: number[]): Promise<Map<number, { itemCount: number; amount: string }>> {
  const out = new Map<number, { itemCount: number; amount: string }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('production_items as pi')
      .innerJoin('budget_items as bi', 'bi.id', 'pi.budget_item_id')
      .select(['pi.production_id', sql<number>`count(*)`.as('n'), sumProduct('pi.quantity_e3', 'bi.price_cents', 2).as('total')])
      .where('pi.production_id', 'in', ids.slice(i, i + 500))
      .groupBy('pi.production_id')
      .execute();
    for (const r of rows) out.set(r.production_id, { itemCount: Number(r.n), amount: amountOf(readSum(r.total)) });
  }
  return out;
}

/** The columns a list row is made of, read by listRowsQuery (the list, the siblings and the detail). */
export interface ProductionRowColumns {
  id: number;
  project_id: number;
  project_code: string;
  project_name: string;
  company_id: number;
  company_name: string;
  crew_id: number;
  crew_name: string;
  date: string;
  status: string;
  reject_reason: string | null;
  created_at: string;
  updated_at: string;
  item_count: number | null;
  /** The amount's weights as readSum reads them (production_totals, migration 0026); null for a production never given an item. */
  amount_weights: string | null;
  my_review_status: string | null;
}

/** A list row from its columns: the item count and amount the triggers keep, the acting company's review. */
export function toListRow(r: ProductionRowColumns): ProductionListRow {
  return {
    id: r.id,
    projectId: r.project_id,
    projectCode: r.project_code,
    projectName: r.project_name,
    companyId: r.company_id,
    companyName: r.company_name,
    crewId: r.crew_id,
    crewName: r.crew_name,
    date: r.date,
    status: r.status as ProductionStatus,
    rejectReason: r.reject_reason,
    itemCount: Number(r.item_count ?? 0),
    amount: amountOf(readSum(r.amount_weights)),
    myReviewStatus: (r.my_review_status as ProductionReviewStatus | null) ?? null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/**
 * Productions with their project's, company's and crew's names, their totals and the acting
 * company's review, each read by key: one query per page, no second pass over the page's items.
 */
export function listRowsQuery(db: Executor, companyId: number) {
  // Cross joins keep productions the outer table on SQLite, which otherwise starts from projects and
  // crews and sorts every matching production (341 ms for a page at 100,000 instead of reading
  // productions_project_status_idx backwards); PostgreSQL plans them as the inner joins they are.
  return db
    .selectFrom('productions as p')
    .crossJoin('projects as pr')
    .crossJoin('companies as co')
    .crossJoin('crews as cr')
    .leftJoin('production_totals as t', 't.production_id', 'p.id')
    .leftJoin('production_reviews as rv', (join) => join.onRef('rv.production_id', '=', 'p.id').on('rv.company_id', '=', companyId))
    .whereRef('pr.id', '=', 'p.project_id')
    .whereRef('co.id', '=', 'p.company_id')
    .whereRef('cr.id', '=', 'p.crew_id')
    .select([
      'p.id',
      'p.project_id',
      'pr.code as project_code',
      'pr.project_name',
      'p.company_id',
      'co.name as company_name',
      'p.crew_id',
      'cr.name as crew_name',
      'p.date',
      'p.status',
      'p.reject_reason',
      'p.created_at',
      'p.updated_at',
      't.items as item_count',
      // Text, so the 64-bit weights reach readSum whole (both drivers read bigints as floats otherwise).
      sql<string | null>`cast(t.amount_w2 as text) || ':' || cast(t.amount_w1 as text) || ':' || cast(t.amount_w0 as text)`.as('amount_weights'),
      'rv.status as my_review_status',
    ]);
}

/**
 * The items of a production with what the budget says of them: planned quantity, approved production
 * of the budget item (this production's too once it is approved), and whether approved production
 * with this one passes the plan (flagged, never refused).
 */
export async function productionItems(db: Executor, productionId: number, status: string): Promise<ProductionItem[]> {
  const rows = await db
    .selectFrom('production_items as pi')
    .innerJoin('budget_items as bi', 'bi.id', 'pi.budget_item_id')
    .innerJoin('items as it', 'it.id', 'bi.item_id')
    .select([
      'pi.id',
      'pi.budget_item_id',
      'bi.item_id',
      'it.name',
      'it.code',
      'it.unit',
      sql<string>`cast(pi.quantity_e3 as text)`.as('quantity_e3'),
      sql<string>`cast(bi.price_cents as text)`.as('price_cents'),
      'bi.quantity as planned',
      // The budget item's approved production, kept by countProduction: this one's items are in it once it is approved.
      sql<string>`cast(bi.produced_e3 as text)`.as('produced_e3'),
      'pi.photos_number',
      'pi.description',
      'pi.station_id',
      'pi.source',
      (eb) => eb.selectFrom('production_photos as ph').select(sql<number>`count(*)`.as('n')).whereRef('ph.production_item_id', '=', 'pi.id').as('photo_count'),
      (eb) =>
        eb
          .exists(eb.selectFrom('invoice_lines as il').select('il.id').whereRef('il.production_item_id', '=', 'pi.id').where('il.active', '=', 1))
          .as('invoiced'),
    ])
    .where('pi.production_id', '=', productionId)
    .orderBy('pi.id')
    .execute();
  const here = new Map<number, bigint>();
  for (const r of rows) here.set(r.budget_item_id, (here.get(r.budget_item_id) ?? 0n) + BigInt(r.quantity_e3));
  return rows.map((r) => {
    const mine = here.get(r.budget_item_id)!;
    const others = BigInt(r.produced_e3) - (status === 'approved' ? mine : 0n);
    const planned = BigInt(r.planned) * 1000n;
    const quantity = BigInt(r.quantity_e3);
    const price = BigInt(r.price_cents);
    return {
      id: r.id,
      productionId,
      budgetItemId: r.budget_item_id,
      itemId: r.item_id,
      itemName: r.name,
      itemCode: r.code,
      unit: r.unit,
      quantity: e3ToQuantity(quantity),
      price: centsToMoney(price),
      amount: centsToMoney(lineAmountCents(quantity, price)),
      photosNumber: r.photos_number,
      photoCount: Number(r.photo_count ?? 0),
      description: r.description,
      stationId: r.station_id,
      source: r.source as 'manual' | 'pdf',
      plannedQuantity: e3ToQuantity(planned),
      producedQuantity: e3ToQuantity(status === 'approved' ? others + mine : others),
      overBudget: others + mine > planned,
      invoiced: !!r.invoiced,
    };
  });
}

export async function productionReviews(db: Executor, productionId: number, producerId: number): Promise<ProductionReview[]> {
  const rows = await db
    .selectFrom('production_reviews as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .leftJoin('users as u', 'u.id', 'r.decided_by')
    .select(['r.id', 'r.company_id', 'c.name as company_name', 'r.status', 'r.reason', 'u.name as decided_by', 'r.decided_at'])
    .where('r.production_id', '=', productionId)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    role: (r.company_id === producerId ? 'own' : 'client') as ProductionReviewRole,
    status: r.status as ProductionReviewStatus,
    reason: r.reason,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at,
  }));
}

/** Whether the acting company's review is the one open now: pending, and the producer's own approved first when it is the client's. */
export function reviewOpen(reviews: ProductionReview[], companyId: number): boolean {
  const mine = reviews.find((r) => r.companyId === companyId);
  if (!mine || mine.status !== 'pending') return false;
  return mine.role === 'own' || reviews.every((r) => r.role !== 'own' || r.status === 'approved');
}

/** GET /production/{id}: the production with its items, reviews, stations, counts and what the caller may do now. */
export async function loadProduction(db: Executor, scope: Pick<ProductionScope, 'companyId' | 'canManage' | 'mayReview'>, id: number): Promise<Production> {
  const head = await listRowsQuery(db, scope.companyId)
    .select(['p.task_id', 'p.texts', 'p.submitted_at', 'p.approved_at', 'pr.timezone'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!head) throw notFound('Production');
  const row = toListRow(head);
  const items = await productionItems(db, id, head.status);
  const reviews = await productionReviews(db, id, head.company_id);
  const stations = await db.selectFrom('production_stations').select('station_id').where('production_id', '=', id).orderBy('station_id').execute();
  const counts = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('production_photos').select(sql<number>`count(*)`.as('n')).where('production_id', '=', id).as('photos'),
      eb.selectFrom('production_comments').select(sql<number>`count(*)`.as('n')).where('production_id', '=', id).as('comments'),
    ])
    .executeTakeFirstOrThrow();
  const status = head.status as ProductionStatus;
  const planMarks = await productionPlanMarks(db, id);
  const canEdit = scope.canManage && status === 'draft';
  return {
    ...row,
    taskId: head.task_id,
    texts: parseJson<ProductionTexts>(head.texts, {}),
    submittedAt: head.submitted_at,
    approvedAt: head.approved_at,
    projectTimezone: head.timezone,
    items,
    reviews,
    stationIds: stations.map((s) => s.station_id),
    photoCount: Number(counts.photos ?? 0),
    commentCount: Number(counts.comments ?? 0),
    planMarks,
    planSheets: canEdit ? await projectPlanSheets(db, row.projectId) : [],
    canEdit,
    canSubmit: scope.canManage && status === 'draft' && items.length > 0,
    canReview: scope.mayReview && status === 'submitted' && reviewOpen(reviews, scope.companyId),
    canAmend: scope.canManage && status !== 'draft' && !items.some((i) => i.invoiced) && (status !== 'approved' || scope.mayReview),
  };
}


/** The production's marks on plan drawings, each with its drawing's file and page (the evidence of its 'pdf' items). */
export async function productionPlanMarks(db: Executor, productionId: number): Promise<ProductionPlanMark[]> {
  const rows = await db
    .selectFrom('production_plan_marks as m')
    .innerJoin('plan_layer_items as li', 'li.id', 'm.layer_item_id')
    .innerJoin('production_items as pi', 'pi.id', 'm.production_item_id')
    .innerJoin('items as i', 'i.id', 'li.item_id')
    .innerJoin('files as f', 'f.id', 'li.file_id')
    .select(['m.id', 'm.production_item_id', 'm.layer_item_id', 'm.geometry', 'm.quantity_e3', 'pi.budget_item_id', 'li.file_id', 'li.page_number', 'i.name', 'f.name as file_name'])
    .where('m.production_id', '=', productionId)
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    productionItemId: r.production_item_id,
    budgetItemId: r.budget_item_id,
    layerItemId: r.layer_item_id,
    fileId: r.file_id,
    pageNumber: r.page_number,
    itemName: r.name,
    fileName: r.file_name,
    geometry: parseJson<ProductionPlanMark['geometry']>(r.geometry, { points: [] }),
    quantity: e3ToQuantity(r.quantity_e3),
  }));
}

/** What the audit trail keeps of a production's own fields. */
export function productionSnapshot(p: { status: string; date: string; crew_id: number; task_id: number | null; texts: string; reject_reason: string | null }) {
  return { status: p.status, date: p.date, crewId: p.crew_id, taskId: p.task_id, texts: parseJson<ProductionTexts>(p.texts, {}), rejectReason: p.reject_reason };
}
