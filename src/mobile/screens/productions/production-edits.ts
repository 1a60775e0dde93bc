import type { Production, ProductionPhoto } from '../../../../resources/production';
import { type ItemRow, isPicked } from './ItemRows';
import type { ItemBody, NewPhoto } from './production-outbox';

/** The production's items as rows, with the photos the server holds of each. */
export function rowsOfProduction(production: Production, photos: ProductionPhoto[]): ItemRow[] {
  return production.items.map((item) => ({
    key: `i${item.id}`,
    budgetItemId: item.budgetItemId,
    itemId: item.id,
    name: item.itemName,
    code: item.itemCode,
    unit: item.unit,
    price: item.price,
    quantity: item.quantity,
    description: item.description ?? '',
    stationId: item.stationId,
    saved: { quantity: item.quantity, description: item.description ?? '', stationId: item.stationId },
    photos: [],
    serverPhotos: photos.filter((p) => p.productionItemId === item.id).map((p) => ({ id: p.id, name: p.name, url: p.thumbnailUrl ?? p.url })),
  }));
}

/** What the crew changed on a draft, as the calls that send it take it. */
export function draftChanges(rows: ItemRow[], added: ItemRow[]) {
  const quantities: Array<{ id: number; quantity: string }> = [];
  const itemChanges: Array<{ id: number; change: { description?: string | null; stationId?: number | null } }> = [];
  const photos: Array<{ itemId: number; photos: NewPhoto[] }> = [];
  for (const row of rows) {
    if (row.itemId === null || !row.saved) continue;
    if (row.quantity.trim() !== row.saved.quantity) quantities.push({ id: row.itemId, quantity: row.quantity.trim() });
    const change: { description?: string | null; stationId?: number | null } = {};
    if (row.description.trim() !== row.saved.description) change.description = row.description.trim() || null;
    if (row.stationId !== row.saved.stationId) change.stationId = row.stationId;
    if (Object.keys(change).length) itemChanges.push({ id: row.itemId, change });
    if (row.photos.length) photos.push({ itemId: row.itemId, photos: row.photos });
  }
  const picked = added.filter(isPicked);
  const addedBodies: ItemBody[] = picked.map((r) => ({
    budgetItemId: r.budgetItemId,
    quantity: r.quantity.trim(),
    ...(r.description.trim() ? { description: r.description.trim() } : {}),
    ...(r.stationId !== null ? { stationId: r.stationId } : {}),
  }));
  return { quantities, itemChanges, photos, added: addedBodies, addedPhotos: picked.map((r) => r.photos), addedRows: picked };
}

/** A row as it stands once its changes wait in the outbox: typed values saved, new photos shown beside the server's. */
export function settled(row: ItemRow): ItemRow {
  return {
    ...row,
    saved: { quantity: row.quantity.trim(), description: row.description.trim(), stationId: row.stationId },
    photos: [],
    serverPhotos: [...row.serverPhotos, ...row.photos.map((p, i) => ({ id: -(Date.now() + i), name: p.name, url: p.url }))],
  };
}

/** Typed or taken and not saved yet. */
export const unsaved = (row: ItemRow) =>
  row.photos.length > 0 || !row.saved || row.quantity.trim() !== row.saved.quantity || row.description.trim() !== row.saved.description || row.stationId !== row.saved.stationId;
