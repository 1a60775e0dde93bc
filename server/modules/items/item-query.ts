import { items } from '../../../resources/items.js';
import type { Item } from '../../../resources/items.js';
import type { Executor } from '../../db/index.js';
import { listSpecFor, rowToApi } from '../../engine/resource-sql.js';
import { notFound } from '../../http/errors.js';
import type { ListSpec } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';

/** Items with the names of their category and market, and the client of their partnership, as the grid shows them. */
export function itemRows(db: Executor) {
  return db
    .selectFrom('items as t')
    .leftJoin('item_categories as c', 'c.id', 't.category_id')
    .leftJoin('markets as m', 'm.id', 't.market_id')
    .leftJoin('partnerships as p', 'p.id', 't.partnership_id')
    .leftJoin('companies as cl', 'cl.id', 'p.client_id')
    .selectAll('t')
    .select(['c.name as category_name', 'm.name as market_name', 'p.client_id', 'cl.name as client_name']);
}

/** The resource's filters and sorts; the joined names filter on the joined tables' columns. */
export const itemListSpec: ListSpec = (() => {
  const spec = listSpecFor(items);
  const joined: Record<string, string> = { categoryName: 'c.name', marketName: 'm.name', clientId: 'p.client_id', clientName: 'cl.name' };
  for (const [field, column] of Object.entries(joined)) spec.fields[field] = { ...spec.fields[field]!, column };
  return withTextIndex(spec, 'items', 't');
})();

export const itemView = (row: Record<string, unknown>) => rowToApi(items, row) as unknown as Item;

export async function loadItem(db: Executor, id: number): Promise<Item> {
  const row = await itemRows(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Item');
  return itemView(row);
}
