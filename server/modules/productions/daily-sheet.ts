import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { dailySheetFileName, PRODUCTION_STATUSES, type ProductionTexts } from '../../../resources/production.js';
import { e3ToQuantity, lineAmountCents, parseScaled } from '../../../resources/money.js';
import type { Actor } from '../../http/actor.js';
import { parseJson } from '../../lib/json.js';
import { sendXlsx } from '../../lib/xlsx-reply.js';
import type { Services } from '../../services.js';
import { signedFileUrl } from '../../storage/signed-links.js';
import { productionScope } from './production-access.js';
import { itemFigures, productionReviews } from './production-view.js';
import { writeDailySheet, type DailySheetItem } from './daily-sheet-writer.js';

/**
 * POST /productions/{id}/report/download: the production's daily sheet as an xlsx, to whoever may
 * see the production (GET /production/{id}'s visibility; anyone else the same 404). A fixed number of
 * queries whatever the item count: the head, the reviews, the items, the photos and the total.
 * Everything is read before the first byte, so a failure is still an error answer.
 */
export async function dailySheet(services: Services, actor: Actor, reply: FastifyReply, id: number) {
  const db = services.db;
  const { production, project } = await productionScope(db, actor, id);
  const [head, reviews, items, photos, figures] = await Promise.all([
    db
      .selectFrom('productions as p')
      .innerJoin('companies as pc', 'pc.id', 'p.company_id')
      .innerJoin('crews as cr', 'cr.id', 'p.crew_id')
      .innerJoin('projects as pr', 'pr.id', 'p.project_id')
      .leftJoin('companies as cl', 'cl.id', 'pr.client_id')
      .select(['pc.name as company_name', 'cr.name as crew_name', 'cl.name as client_company'])
      .where('p.id', '=', id)
      .executeTakeFirstOrThrow(),
    productionReviews(db, id, production.company_id),
    db
      .selectFrom('production_items as pi')
      .innerJoin('budget_items as bi', 'bi.id', 'pi.budget_item_id')
      .innerJoin('items as i', 'i.id', 'bi.item_id')
      .leftJoin('project_stations as st', 'st.id', 'pi.station_id')
      .select(['pi.id', 'pi.quantity_e3', 'pi.photos_number', 'pi.description', 'i.code', 'i.name', 'i.unit', 'bi.price_cents', 'st.name as station'])
      .where('pi.production_id', '=', id)
      .orderBy('pi.id')
      .execute(),
    db
      .selectFrom('production_photos as ph')
      .innerJoin('files as f', 'f.id', 'ph.file_id')
      .select(['ph.production_item_id', 'f.name', 'f.public_id', 'f.object_name', 'ph.created_at'])
      .where('ph.production_id', '=', id)
      // The day's own photos first (databases sort nulls differently), then the items' in item order.
      .orderBy(sql`case when ph.production_item_id is null then 0 else 1 end`)
      .orderBy('ph.production_item_id')
      .orderBy('ph.id')
      .execute(),
    itemFigures(db, [id]),
  ]);

  const base = services.config.publicUrl.replace(/\/+$/, '');
  const page = `${base}/app/productions/inspect/${id}`;
  const link = (p: (typeof photos)[number]) => `${base}${signedFileUrl(services, p.public_id, { version: p.object_name })}`;
  const photoCount = new Map<number, number>();
  for (const p of photos) if (p.production_item_id !== null) photoCount.set(p.production_item_id, (photoCount.get(p.production_item_id) ?? 0) + 1);
  const lines: DailySheetItem[] = items.map((r) => {
    const quantity = BigInt(r.quantity_e3);
    const price = BigInt(r.price_cents);
    return {
      code: r.code,
      name: r.name,
      unit: r.unit,
      quantity: e3ToQuantity(quantity),
      priceCents: price,
      amountCents: lineAmountCents(quantity, price),
      station: r.station,
      description: r.description,
      photos: { count: photoCount.get(r.id) ?? 0, asked: r.photos_number, url: `${page}/photos/${r.id}` },
    };
  });
  const label = new Map(items.map((r) => [r.id, r.code ? `${r.code} ${r.name}` : r.name]));
  const total = figures.get(id);

  return sendXlsx(reply, dailySheetFileName(project.code, production.date), (out) =>
    writeDailySheet(out, {
      project: {
        name: project.project_name,
        code: project.code,
        client: head.client_company ?? project.client_name,
        address: [project.address, project.city, project.state, project.country].filter(Boolean).join(', '),
        timezone: project.timezone,
      },
      company: head.company_name,
      crew: head.crew_name,
      date: production.date,
      status: PRODUCTION_STATUSES.find((s) => s.value === production.status)?.label ?? production.status,
      rejectReason: production.reject_reason,
      reviews,
      texts: parseJson<ProductionTexts>(production.texts, {}),
      items: lines,
      totalCents: total ? parseScaled(total.amount, 2)! : 0n,
      photos: photos.map((p) => ({ of: p.production_item_id === null ? 'Production' : (label.get(p.production_item_id) ?? ''), name: p.name, url: link(p), takenAt: p.created_at })),
      productionUrl: page,
      generatedAt: new Date(),
    }),
  );
}
