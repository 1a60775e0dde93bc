import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { readSum, sumProduct } from '../../server/lib/exact-sum.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { ask, figuresWorld, type FiguresWorld } from './figures-helpers.js';
import { productionRow } from './production-rows.js';

/** production_figures (migration 0025) as its triggers keep it, and as the items say it should be; keys of no items left out. */
async function rollupAndItems(s: TestServer) {
  const db = s.services.db;
  const kept = await db.selectFrom('production_figures').selectAll().where('items', '<>', 0).execute();
  const counted = await sql<Record<string, unknown>>`select p.company_id, p.project_id, p.crew_id, pi.budget_item_id, substr(p.date, 1, 7) || '-01' as month, p.status,
      cast(sum(pi.quantity_e3) as text) as quantity_e3, count(*) as items
    from production_items pi join productions p on p.id = pi.production_id
    group by p.company_id, p.project_id, p.crew_id, pi.budget_item_id, substr(p.date, 1, 7), p.status`.execute(db);
  const key = (r: Record<string, unknown>) => [r.company_id, r.project_id, r.crew_id, r.budget_item_id, r.month, r.status].join('|');
  const asMap = (rows: Array<Record<string, unknown>>) => Object.fromEntries(rows.map((r) => [key(r), `${String(r.quantity_e3)} in ${String(r.items)}`]).sort());
  return { kept: asMap(kept as never), counted: asMap(counted.rows) };
}

/** production_totals (migration 0026) as its triggers keep it, and as the items and their prices say (the amount joined exactly by readSum). */
async function totalsAndItems(s: TestServer) {
  const db = s.services.db;
  const kept = await db.selectFrom('production_totals').selectAll().where('items', '<>', 0).execute();
  const counted = await sql<Record<string, unknown>>`select p.id as production_id, p.company_id, p.project_id, p.crew_id, p.date, p.status, count(*) as items,
      cast(sum(pi.quantity_e3) as text) as quantity_e3, ${sumProduct('pi.quantity_e3', 'b.price_cents', 2)} as amount
    from production_items pi join productions p on p.id = pi.production_id join budget_items b on b.id = pi.budget_item_id
    group by p.id, p.company_id, p.project_id, p.crew_id, p.date, p.status`.execute(db);
  const key = (r: Record<string, unknown>) => [r.production_id, r.company_id, r.project_id, r.crew_id, r.date, r.status].join('|');
  const keptAmount = (r: Record<string, unknown>) => readSum([r.amount_w2, r.amount_w1, r.amount_w0].map(String).join(':'));
  return {
    kept: Object.fromEntries(kept.map((r) => [key(r), `${String(r.quantity_e3)} in ${String(r.items)} for ${keptAmount(r)}`]).sort()),
    counted: Object.fromEntries(counted.rows.map((r) => [key(r), `${String(r.quantity_e3)} in ${String(r.items)} for ${readSum(String(r.amount))}`]).sort()),
  };
}

/** production_month_totals (migration 0026) as its triggers keep it, and as the items and prices say per company, month, crew, project and status. */
async function monthTotalsAndItems(s: TestServer) {
  const db = s.services.db;
  const kept = await db.selectFrom('production_month_totals').selectAll().where('items', '<>', 0).execute();
  const counted = await sql<Record<string, unknown>>`select p.company_id, substr(p.date, 1, 7) || '-01' as month, p.crew_id, p.project_id, p.status, count(*) as items,
      cast(sum(pi.quantity_e3) as text) as quantity_e3, ${sumProduct('pi.quantity_e3', 'b.price_cents', 2)} as amount
    from production_items pi join productions p on p.id = pi.production_id join budget_items b on b.id = pi.budget_item_id
    group by p.company_id, substr(p.date, 1, 7), p.crew_id, p.project_id, p.status`.execute(db);
  const key = (r: Record<string, unknown>) => [r.company_id, r.month, r.crew_id, r.project_id, r.status].join('|');
  const keptAmount = (r: Record<string, unknown>) => readSum([r.amount_w2, r.amount_w1, r.amount_w0].map(String).join(':'));
  return {
    kept: Object.fromEntries(kept.map((r) => [key(r), `${String(r.quantity_e3)} in ${String(r.items)} for ${keptAmount(r)}`]).sort()),
    counted: Object.fromEntries(counted.rows.map((r) => [key(r), `${String(r.quantity_e3)} in ${String(r.items)} for ${readSum(String(r.amount))}`]).sort()),
  };
}

/** production_item_months (migration 0026) as its triggers keep it, and as the items say per company, month, project, budget item and status. */
async function itemMonthsAndItems(s: TestServer) {
  const db = s.services.db;
  const kept = await db.selectFrom('production_item_months').selectAll().where('items', '<>', 0).execute();
  const counted = await sql<Record<string, unknown>>`select p.company_id, substr(p.date, 1, 7) || '-01' as month, p.project_id, pi.budget_item_id, p.status,
      cast(sum(pi.quantity_e3) as text) as quantity_e3, count(*) as items
    from production_items pi join productions p on p.id = pi.production_id
    group by p.company_id, substr(p.date, 1, 7), p.project_id, pi.budget_item_id, p.status`.execute(db);
  const key = (r: Record<string, unknown>) => [r.company_id, r.month, r.project_id, r.budget_item_id, r.status].join('|');
  const asMap = (rows: Array<Record<string, unknown>>) => Object.fromEntries(rows.map((r) => [key(r), `${String(r.quantity_e3)} in ${String(r.items)}`]).sort());
  return { kept: asMap(kept as never), counted: asMap(counted.rows) };
}

describeEachDatabase('figures: the production rollup stays exact', (server) => {
  let w: FiguresWorld;
  beforeAll(async () => {
    w = await figuresWorld(server());
  });
  const expectExact = async () => {
    const { kept, counted } = await rollupAndItems(server());
    expect(kept).toEqual(counted);
    const totals = await totalsAndItems(server());
    expect(totals.kept).toEqual(totals.counted);
    expect(Object.keys(totals.kept).length).toBeGreaterThan(0);
    const months = await monthTotalsAndItems(server());
    expect(months.kept).toEqual(months.counted);
    const itemMonths = await itemMonthsAndItems(server());
    expect(itemMonths.kept).toEqual(itemMonths.counted);
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
