import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { readSum, sumProduct } from '../../server/lib/exact-sum.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { ask, figuresWorld, type FiguresWorld } from './figures-helpers.js';
import { productionRow } from './production-rows.js';

const MONTH = "substr(p.date, 1, 7) || '-01'";

/**
 * Each rollup as its triggers keep it, against the same sums counted from the items (and their prices
 * where it keeps the amount): keyed by `key`, each a column of the rollup and an expression over the
 * items `pi`, their production `p` and budget item `b`. Keys of no items left out.
 */
const ROLLUPS = {
  production_figures: { key: { company_id: 'p.company_id', project_id: 'p.project_id', crew_id: 'p.crew_id', budget_item_id: 'pi.budget_item_id', month: MONTH, status: 'p.status' }, amount: false },
  production_totals: { key: { production_id: 'p.id', company_id: 'p.company_id', project_id: 'p.project_id', crew_id: 'p.crew_id', date: 'p.date', status: 'p.status' }, amount: true },
  production_month_totals: { key: { company_id: 'p.company_id', month: MONTH, crew_id: 'p.crew_id', project_id: 'p.project_id', status: 'p.status' }, amount: true },
  production_item_months: { key: { company_id: 'p.company_id', month: MONTH, project_id: 'p.project_id', budget_item_id: 'pi.budget_item_id', status: 'p.status' }, amount: false },
} as const;

async function keptAndCounted(s: TestServer, table: keyof typeof ROLLUPS) {
  const { key, amount } = ROLLUPS[table];
  const db = s.services.db;
  const kept = (await db.selectFrom(table).selectAll().where('items', '<>', 0).execute()) as Array<Record<string, unknown>>;
  const keys = sql.join(Object.entries(key).map(([as, expr]) => sql`${sql.raw(expr)} as ${sql.ref(as)}`));
  const counted = await sql<Record<string, unknown>>`select ${keys}, count(*) as items, cast(sum(pi.quantity_e3) as text) as quantity_e3,
      ${amount ? sumProduct('pi.quantity_e3', 'b.price_cents', 2) : sql`null`} as amount
    from production_items pi join productions p on p.id = pi.production_id join budget_items b on b.id = pi.budget_item_id
    group by ${sql.join(Object.values(key).map((expr) => sql.raw(expr)))}`.execute(db);
  const keyOf = (r: Record<string, unknown>) => Object.keys(key).map((k) => String(r[k])).join('|');
  const asMap = (rows: Array<Record<string, unknown>>, amountOf: (r: Record<string, unknown>) => bigint | null) =>
    Object.fromEntries(rows.map((r) => [keyOf(r), `${String(r.quantity_e3)} in ${String(r.items)}${amount ? ` for ${amountOf(r)}` : ''}`]).sort());
  return {
    kept: asMap(kept, (r) => readSum([r.amount_w2, r.amount_w1, r.amount_w0].map(String).join(':'))),
    counted: asMap(counted.rows, (r) => readSum(String(r.amount))),
  };
}

describeEachDatabase('figures: the production rollup stays exact', (server) => {
  let w: FiguresWorld;
  beforeAll(async () => {
    w = await figuresWorld(server());
  });
  const expectExact = async () => {
    for (const table of Object.keys(ROLLUPS) as Array<keyof typeof ROLLUPS>) {
      const { kept, counted } = await keptAndCounted(server(), table);
      expect(kept, table).toEqual(counted);
      expect(Object.keys(kept).length, table).toBeGreaterThan(0);
    }
  };

  it('after inserts, updates and deletes of items and changes and deletes of productions', async () => {
    const s = server();
    const db = s.services.db;
    await expectExact();
    const extra = await productionRow(s, { projectId: w.north.id, companyId: w.owner.companyId, crewId: w.bravo, date: '2026-03-31', status: 'draft', items: [{ budgetItemId: w.dime, quantityE3: 1500 }, { budgetItemId: w.hole, quantityE3: 250 }] });
    await expectExact();
    await db.updateTable('production_items').set({ quantity_e3: 4750 }).where('id', '=', extra.itemIds[0]!).execute();
    await expectExact();
    await db.updateTable('production_items').set({ budget_item_id: w.hole }).where('id', '=', extra.itemIds[0]!).execute();
    await expectExact();
    await db.updateTable('production_items').set({ production_id: w.dimes.id }).where('id', '=', extra.itemIds[1]!).execute();
    await expectExact();
    await db.updateTable('productions').set({ status: 'submitted' }).where('id', '=', extra.id).execute();
    await expectExact();
    await db.updateTable('productions').set({ date: '2026-04-01', crew_id: w.alpha }).where('id', '=', extra.id).execute();
    await expectExact();
    // A change order's new price reaches the amounts of every production holding the item, the largest price included.
    await db.updateTable('budget_items').set({ price_cents: 99_999_999_999 }).where('id', '=', w.hole).execute();
    await expectExact();
    await db.updateTable('budget_items').set({ price_cents: 123_456 }).where('id', '=', w.hole).execute();
    await expectExact();
    await db.deleteFrom('production_items').where('id', '=', extra.itemIds[1]!).execute();
    await expectExact();
    await db.deleteFrom('production_reviews').where('production_id', '=', extra.id).execute();
    await db.deleteFrom('productions').where('id', '=', extra.id).execute();
    await expectExact();
  });

  it('answers whole months from the rollup as the items themselves do, and keeps no group of no items', async () => {
    const s = server();
    const amount = { fn: 'sum', field: 'amount' };
    const march = { from: '2026-02-14', to: '2026-04-20' };
    // A date filter makes the question read each item; the same range without it reads March from the rollup.
    const fromRollup = await ask(s, w.owner, { source: 'production', measure: amount, groupBy: 'crew', range: march });
    const fromItems = await ask(s, w.owner, { source: 'production', measure: amount, groupBy: 'crew', range: march, filters: [{ field: 'date', operator: 'gte', value: '2026-01-01' }] });
    expect(fromRollup.body).toEqual(fromItems.body);
    expect(fromRollup.body.total).toBe('999999999993089.40');
    // By item the range's whole months come from the monthly rollup, the rest from the items: the same answer.
    const byItem = await ask(s, w.owner, { source: 'production', measure: amount, groupBy: 'item', range: march });
    const byItemFromItems = await ask(s, w.owner, { source: 'production', measure: amount, groupBy: 'item', range: march, filters: [{ field: 'date', operator: 'gte', value: '2026-01-01' }] });
    expect(byItem.body).toEqual(byItemFromItems.body);
    expect(byItem.body.total).toBe('999999999993089.40');
    // Narrowed to a crew, the months come from the rollup that keeps the crew.
    const crew = { field: 'crew', operator: 'eq', value: w.alpha };
    const byItemOfCrew = await ask(s, w.owner, { source: 'production', measure: amount, groupBy: 'item', range: march, filters: [crew] });
    const byItemOfCrewFromItems = await ask(s, w.owner, { source: 'production', measure: amount, groupBy: 'item', range: march, filters: [crew, { field: 'date', operator: 'gte', value: '2026-01-01' }] });
    expect(byItemOfCrew.body).toEqual(byItemOfCrewFromItems.body);
    expect(byItemOfCrew.body.total).not.toBe(byItem.body.total);
    // Every production of a crew and status moved on: that key's rollup row holds no items and no group shows it.
    await s.services.db.updateTable('productions').set({ status: 'approved' }).where('status', '=', 'submitted').where('company_id', '=', w.owner.companyId).execute();
    const byStatus = await ask(s, w.owner, { source: 'production', measure: { fn: 'count' }, groupBy: 'status' });
    expect(byStatus.body.rows).toEqual([{ key: 'approved', label: 'Approved', value: '32' }]);
    await expectExact();
  });

  it('answers an end that is most of its month as the month less its other days, as the items do', async () => {
    const s = server();
    const amount = { fn: 'sum', field: 'amount' };
    const fromItems = { field: 'date', operator: 'gte', value: '2026-01-01' };
    const crew = { field: 'crew', operator: 'eq', value: w.alpha };
    // Each range takes away the items of 2026-03-02 (thirty dimes) or 2026-04-01 (a billion units) from its month's rollup, or both.
    const ranges = [
      { from: '2026-03-03', to: '2026-03-31' },
      { from: '2026-04-02', to: '2026-04-30' },
      { from: '2026-03-10', to: '2026-04-20' },
      { from: '2026-02-10', to: '2026-04-29' },
    ];
    for (const range of ranges)
      for (const groupBy of ['crew', 'item', 'month', 'status', 'project'])
        for (const filters of [[], [crew]]) {
          const question = { source: 'production', measure: amount, groupBy, range, filters };
          const rolledUp = await ask(s, w.owner, question);
          const counted = await ask(s, w.owner, { ...question, filters: [...filters, fromItems] });
          expect(rolledUp.status).toBe(200);
          expect(rolledUp.body, `${groupBy} over ${range.from}..${range.to}${filters.length ? ' of a crew' : ''}`).toEqual(counted.body);
        }
    const count = async (range: { from: string; to: string }) => (await ask(s, w.owner, { source: 'production', measure: { fn: 'count' }, range, filters: [] })).body.total;
    expect(await count({ from: '2026-03-03', to: '2026-03-31' })).toBe('1');
    expect(await count({ from: '2026-03-02', to: '2026-03-31' })).toBe('31');
    expect(await count({ from: '2026-04-02', to: '2026-04-30' })).toBe('0');
  });

  it("drops a cached answer when a budget item's price changes, though the totals it read are written by triggers", async () => {
    const s = server();
    const question = { source: 'production', measure: { fn: 'sum', field: 'amount' }, groupBy: 'project', range: { from: '2026-03-01', to: '2026-03-31' } };
    const before = await ask(s, w.owner, question);
    expect((await ask(s, w.owner, question)).body).toEqual(before.body);
    const price = (await s.services.db.selectFrom('budget_items').select('price_cents').where('id', '=', w.dime).executeTakeFirstOrThrow()).price_cents;
    await s.services.db.updateTable('budget_items').set({ price_cents: Number(price) * 2 }).where('id', '=', w.dime).execute();
    const after = await ask(s, w.owner, question);
    expect(after.body.total).not.toBe(before.body.total);
    const fromItems = await ask(s, w.owner, { ...question, filters: [{ field: 'date', operator: 'gte', value: '2026-01-01' }] });
    expect(after.body).toEqual(fromItems.body);
    await s.services.db.updateTable('budget_items').set({ price_cents: price }).where('id', '=', w.dime).execute();
    await expectExact();
  });
});
