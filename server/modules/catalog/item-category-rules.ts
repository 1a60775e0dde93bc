import { sql } from 'kysely';
import { CATEGORY_MESSAGES } from '../../../resources/item-categories.js';
import type { HookContext } from '../../engine/crud-service.js';
import { badRequest, conflict } from '../../http/errors.js';

const parentError = (message: string) => badRequest(`parentId: ${message}`, [{ field: 'parentId', message }]);

// Any constant: it only has to differ from other advisory locks taken with two keys.
const TREE_LOCK = 7007;

/**
 * A parent must be a category of the same company, and a move must not put a category under itself
 * or its own subcategories. On PostgreSQL moves in one company take turns, so two crossing moves
 * cannot each pass the check and close a loop together; SQLite writes one transaction at a time anyway.
 */
export async function checkCategoryParent(ctx: HookContext & { body: Record<string, unknown>; id: number | null }) {
  const parentId = ctx.body.parentId;
  if (parentId === undefined || parentId === null) return;
  if (ctx.services.dialect === 'postgres' && ctx.id !== null) {
    await sql`select pg_advisory_xact_lock(${TREE_LOCK}, ${ctx.companyId})`.execute(ctx.db);
  }
  const parent = await ctx.db
    .selectFrom('item_categories')
    .select('id')
    .where('id', '=', parentId as number)
    .where('company_id', '=', ctx.companyId)
    .executeTakeFirst();
  if (!parent) throw parentError(CATEGORY_MESSAGES.unknownParent);
  if (ctx.id === null) return;
  // The new parent and everything above it; `union` stops even on a damaged tree.
  const loop = await sql<{ id: number }>`
    with recursive above(id, parent_id) as (
      select id, parent_id from item_categories where id = ${parentId} and company_id = ${ctx.companyId}
      union
      select c.id, c.parent_id from item_categories c join above on c.id = above.parent_id
    )
    select id from above where id = ${ctx.id} limit 1`.execute(ctx.db);
  if (loop.rows.length) throw parentError(CATEGORY_MESSAGES.cycle);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A category with subcategories or items stays: deleting it would orphan them or drop them silently. */
export async function checkCategoryUnused(ctx: HookContext & { id: number }) {
  const [children, items] = await Promise.all([
    ctx.db.selectFrom('item_categories').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', '=', ctx.id).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('items').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', ctx.id).executeTakeFirstOrThrow(),
  ]);
  const subcategories = Number(children.n);
  const used = Number(items.n);
  if (subcategories) {
    throw conflict(`This category has ${plural(subcategories, 'subcategory', 'subcategories')}: move or delete them first.`, 'IN_USE');
  }
  if (used) throw conflict(`This category is used by ${plural(used, 'item', 'items')}: move them to another category first.`, 'IN_USE');
}
