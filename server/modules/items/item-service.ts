import type { CreateItemInput, Item, UpdateItemInput } from '../../../resources/items.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.js';
import type { ItemsTable } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { parseListQuery, runList, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { fileTransaction } from '../../storage/file-store.js';
import { iconOwner } from './icon-service.js';
import { checkItemReferences, partnershipForNewItems, partnershipOf } from './item-checks.js';
import { itemListSpec, itemRows, itemView, loadItem } from './item-query.js';

/** Who acts, in which company: every query below is bounded by that company. */
export interface ItemActor {
  userId: number;
  companyId: number;
}

const audit = (a: ItemActor): AuditActor => ({ userId: a.userId, companyId: a.companyId });

function translate(err: unknown, body?: { code?: string | null }): never {
  if (isUniqueViolation(err)) throw conflict(`An item with code "${body?.code ?? ''}" already exists in this list`, 'ALREADY_EXISTS');
  if (isForeignKeyViolation(err)) {
    throw conflict(body ? 'The category or market was just removed: choose another' : 'This item is still in use', 'IN_USE');
  }
  throw err;
}

type ItemColumns = Partial<Omit<ItemsTable, 'id' | 'company_id' | 'partnership_id' | 'created_at'>>;

/** The sent fields as columns; a field left out of a PATCH stays as it is. */
function columns(body: UpdateItemInput): ItemColumns {
  const out: ItemColumns = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.code !== undefined) out.code = body.code;
  if (body.unit !== undefined) out.unit = body.unit;
  if (body.categoryId !== undefined) out.category_id = body.categoryId;
  if (body.productionIsAllowed !== undefined) out.production_is_allowed = body.productionIsAllowed ? 1 : 0;
  if (body.productionItemType !== undefined) out.production_item_type = body.productionItemType;
  if (body.lineColor !== undefined) out.line_color = body.lineColor;
  if (body.photosNumber !== undefined) out.photos_number = body.photosNumber;
  if (body.marketId !== undefined) out.market_id = body.marketId;
  if (body.iconId === null) Object.assign(out, { icon_id: null, icon_url: null });
  return out;
}

/** A page of the company's items, or of those made for one of its partnerships. */
export async function listItems(services: Services, companyId: number, query: RawListQuery, partnershipId?: number) {
  const parsed = parseListQuery(itemListSpec, query);
  if (partnershipId !== undefined) await partnershipOf(services.db, companyId, partnershipId);
  let base = itemRows(services.db).where('t.company_id', '=', companyId);
  let lean = services.db.selectFrom('items as t').selectAll('t').where('t.company_id', '=', companyId);
  if (partnershipId !== undefined) {
    base = base.where('t.partnership_id', '=', partnershipId);
    lean = lean.where('t.partnership_id', '=', partnershipId);
  }
  const page = await runList(base, parsed, { base: lean, aliases: ['t'] });
  return { rows: page.rows.map(itemView), total: page.total };
}

export const getItem = (services: Services, id: number) => loadItem(services.db, id);

/** A new item of the company, or one made for a partnership it takes part in (whose client it then names). */
export async function createItem(services: Services, actor: ItemActor, body: CreateItemInput, partnershipId: number | null = null) {
  const now = nowIso();
  return services.db
    .transaction()
    .execute(async (trx) => {
      if (partnershipId !== null) await partnershipForNewItems(trx, actor.companyId, partnershipId);
      await checkItemReferences(trx, actor.companyId, partnershipId, body);
      const row = await trx
        .insertInto('items')
        .values({
          ...columns(body),
          name: body.name,
          production_is_allowed: body.productionIsAllowed ? 1 : 0,
          photos_number: body.photosNumber,
          company_id: actor.companyId,
          partnership_id: partnershipId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const view = await loadItem(trx, row.id);
      await recordAudit(trx, audit(actor), { entityType: 'item', entityId: row.id, action: 'created', after: { ...view } });
      return view;
    })
    .catch((err) => translate(err, body));
}

/** A cleared icon's file goes with it. */
export async function updateItem(services: Services, actor: ItemActor, id: number, body: UpdateItemInput): Promise<Item> {
  return fileTransaction(services, async (trx, files) => {
    const before = await loadItem(trx, id);
    await checkItemReferences(trx, actor.companyId, before.partnershipId, body);
    const changes = columns(body);
    if (!Object.keys(changes).length) return before;
    await trx.updateTable('items').set({ ...changes, updated_at: nowIso() }).where('id', '=', id).execute();
    if (changes.icon_id === null) await files.release(iconOwner(id), { id: before.iconId });
    const after = await loadItem(trx, id);
    await recordAudit(trx, audit(actor), { entityType: 'item', entityId: id, action: 'updated', before: { ...before }, after: { ...after } });
    return after;
  }).catch((err) => translate(err, { code: body.code ?? null }));
}

/** The item's icon file goes with it. */
export async function deleteItem(services: Services, actor: ItemActor, id: number): Promise<void> {
  await fileTransaction(services, async (trx, files) => {
    const before = await loadItem(trx, id);
    await trx.deleteFrom('items').where('id', '=', id).execute();
    await files.release(iconOwner(id), { id: before.iconId });
    await recordAudit(trx, audit(actor), { entityType: 'item', entityId: id, action: 'deleted', before: { ...before } });
  }).catch((err) => translate(err));
}
