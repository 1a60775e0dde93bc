import type { NotifyServices } from '../../lib/notify.js';
import { e3ToQuantity } from '../../../resources/money.js';
import { PRODUCTION_TOPICS, type ProductionItem, type ProductionItemInput } from '../../../resources/production.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import { conflict, notFound } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { fileTransaction } from '../../storage/file-store.js';
import { editableProduction, productionScope, type ProductionScope } from './production-access.js';
import { auditProduction } from './production-audit.js';
import { assertItems, assertStations, fieldError, insertItems } from './production-checks.js';
import { notifyProduction, productionTitle, reviewingCompanies } from './production-notify.js';
import { releasePhotos } from './production-photos.js';
import { loadProduction, productionItems } from './production-view.js';

/** An item once billed on an invoice since cancelled keeps its line: it is kept for the record. */
export const keptForRecord = (err: unknown) =>
  Promise.reject(isForeignKeyViolation(err) ? conflict('This item was billed on an invoice: it is kept for the record', 'IN_USE') : err);

type ItemChange = 'update' | 'added' | 'deleted';
const TOPIC: Record<ItemChange, (typeof PRODUCTION_TOPICS)[keyof typeof PRODUCTION_TOPICS]> = {
  update: PRODUCTION_TOPICS.itemUpdate,
  added: PRODUCTION_TOPICS.itemAdded,
  deleted: PRODUCTION_TOPICS.itemDeleted,
};

/**
 * Item changes of a production others have already seen (it was submitted before, and amended since)
 * are told to the reviewing companies' people; a first draft's changes are nobody else's business.
 */
export async function notifyItemChange(services: NotifyServices, db: Executor, scope: ProductionScope, change: ItemChange, what: string) {
  if (!scope.production.submitted_at) return;
  await notifyProduction(services, db, reviewingCompanies(scope.production, scope.project), scope.userId, {
    topic: TOPIC[change],
    description: `${what} on ${await productionTitle(db, scope.production, scope.project)}`,
    production: scope.production,
  });
}

/** What the trail keeps of an item. */
export const itemSnapshot = (i: ProductionItem) => ({
  productionItemId: i.id,
  budgetItemId: i.budgetItemId,
  itemName: i.itemName,
  quantity: i.quantity,
  photosNumber: i.photosNumber,
  description: i.description,
  stationId: i.stationId,
  source: i.source,
});

/** The production an item belongs to, as the acting company may see it (404 for an item it may not). */
async function itemProductionId(db: Executor, itemId: number) {
  const row = await db.selectFrom('production_items').select('production_id').where('id', '=', itemId).executeTakeFirst();
  if (!row) throw notFound('Production item');
  return row.production_id;
}

/** The guard of the /production/item/{id} calls: the item's production, seen by the caller. */
export async function itemScope(db: Executor, actor: Actor, itemId: number) {
  return productionScope(db, actor, await itemProductionId(db, itemId));
}

/** POST /production/{id}/items: items added to a draft; answers the production. */
export async function addItems(services: Services, actor: Actor, id: number, items: ProductionItemInput[]) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await editableProduction(trx, actor, id, true);
    await assertItems(trx, scope.project.id, items);
    const ids = await insertItems(trx, id, items, actor.user.id);
    const added = (await productionItems(trx, id, scope.production.status)).filter((i) => ids.includes(i.id));
    await auditProduction(trx, scope, 'items added', null, { items: added.map(itemSnapshot) });
    await notifyItemChange(services, trx, scope, 'added', `${added.length === 1 ? added[0]!.itemName : `${added.length} items`} added`);
    return loadProduction(trx, scope, id);
  });
}

/** PATCH /production/{id}/items: quantities of items of this draft by id; any other id is a 400 and nothing changes. */
export async function updateItemQuantities(services: Services, actor: Actor, id: number, items: Array<{ id: number; quantity: bigint }>) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await editableProduction(trx, actor, id, true);
    const before = new Map((await productionItems(trx, id, scope.production.status)).map((i) => [i.id, i]));
    const bad = items.findIndex((i) => !before.has(i.id));
    if (bad >= 0) throw fieldError(`items.${bad}.id`, 'Choose an item of this production');
    const now = nowIso();
    const changed = items.filter((i) => e3ToQuantity(i.quantity) !== before.get(i.id)!.quantity);
    for (const i of changed) await trx.updateTable('production_items').set({ quantity_e3: Number(i.quantity), updated_at: now }).where('id', '=', i.id).execute();
    if (changed.length) {
      await auditProduction(
        trx,
        scope,
        'items updated',
        { items: changed.map((i) => ({ productionItemId: i.id, itemName: before.get(i.id)!.itemName, quantity: before.get(i.id)!.quantity })) },
        { items: changed.map((i) => ({ productionItemId: i.id, itemName: before.get(i.id)!.itemName, quantity: e3ToQuantity(i.quantity) })) },
      );
      await notifyItemChange(services, trx, scope, 'update', `${changed.length === 1 ? before.get(changed[0]!.id)!.itemName : `${changed.length} items`} changed`);
    }
    return loadProduction(trx, scope, id);
  });
}

export interface ItemChanges {
  quantity?: bigint;
  photosNumber?: number;
  description?: string | null;
  stationId?: number | null;
}

/** PATCH /production/item/{id}: what is sent changes; answers the item. */
export async function updateItem(services: Services, actor: Actor, itemId: number, body: ItemChanges): Promise<ProductionItem> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await editableProduction(trx, actor, await itemProductionId(trx, itemId), true);
    const id = scope.production.id;
    const find = async () => (await productionItems(trx, id, scope.production.status)).find((i) => i.id === itemId)!;
    const before = await find();
    if (body.stationId !== undefined) await assertStations(trx, scope.project.id, [body.stationId], () => 'stationId');
    const set = {
      ...(body.quantity !== undefined ? { quantity_e3: Number(body.quantity) } : {}),
      ...(body.photosNumber !== undefined ? { photos_number: body.photosNumber } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.stationId !== undefined ? { station_id: body.stationId } : {}),
    };
    if (!Object.keys(set).length) return before;
    await trx.updateTable('production_items').set({ ...set, updated_at: nowIso() }).where('id', '=', itemId).execute();
    const after = await find();
    await auditProduction(trx, scope, 'item updated', itemSnapshot(before), itemSnapshot(after));
    await notifyItemChange(services, trx, scope, 'update', `${after.itemName} changed`);
    return after;
  });
}

/** DELETE /production/item/{id}: an item of a draft, with its photos. */
export async function deleteItem(services: Services, actor: Actor, itemId: number): Promise<void> {
  await fileTransaction(services, async (trx, files) => {
    const scope = await editableProduction(trx, actor, await itemProductionId(trx, itemId), true);
    const id = scope.production.id;
    const before = (await productionItems(trx, id, scope.production.status)).find((i) => i.id === itemId)!;
    await releasePhotos(trx, files, id, [itemId]);
    await trx.deleteFrom('production_items').where('id', '=', itemId).execute().catch(keptForRecord);
    await auditProduction(trx, scope, 'item deleted', itemSnapshot(before), null);
    await notifyItemChange(services, trx, scope, 'deleted', `${before.itemName} removed`);
  });
}
