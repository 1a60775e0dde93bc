import { holds } from '../../../permissions/index.js';
import type { ItemDrawings } from '../../../resources/plan-takeoff.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';

/** Whether the caller can open a plan in the editor: its sheet and PDF need projects:view in a company related to the project. */
export const opensPlans = (actor: Actor): boolean => holds(actor.profile, 'projects:view');

/**
 * The drawings added to each of these budget items: their count and the first drawn, in one grouped
 * query per 500 items. The first is evidence (a link into the editor) only for a reader who can open
 * plans: a reader without an account, or without projects:view, would land on a refusal there.
 */
export async function itemDrawings(db: Executor, budgetItemIds: number[], opens: boolean): Promise<Map<number, ItemDrawings>> {
  const byItem = new Map<number, ItemDrawings>();
  for (let i = 0; i < budgetItemIds.length; i += 500) {
    const counted = db
      .selectFrom('plan_layer_items')
      .select((eb) => ['budget_item_id', eb.fn.countAll<number>().as('drawings'), eb.fn.min('id').as('first_id')])
      .where('budget_item_id', 'in', budgetItemIds.slice(i, i + 500))
      .groupBy('budget_item_id');
    const rows = await db
      .selectFrom(counted.as('g'))
      .innerJoin('plan_layer_items as li', 'li.id', 'g.first_id')
      .select(['g.budget_item_id', 'g.drawings', 'li.id', 'li.file_id', 'li.page_number'])
      .execute();
    for (const r of rows) {
      byItem.set(r.budget_item_id!, { drawings: Number(r.drawings), planEvidence: opens ? { fileId: r.file_id, pageNumber: r.page_number, layerItemId: r.id } : null });
    }
  }
  return byItem;
}

/** The items with their drawings (none: 0 and null). */
export async function withDrawings<T extends { id: number }>(db: Executor, items: T[], opens: boolean): Promise<Array<T & ItemDrawings>> {
  const found = await itemDrawings(db, items.map((item) => item.id), opens);
  return items.map((item) => ({ ...item, ...(found.get(item.id) ?? { drawings: 0, planEvidence: null }) }));
}
