import { beforeAll, expect, it } from 'vitest';
import { FIGURE_SOURCES, type FigureAnswer, type FigureSource } from '../../resources/figures.js';
import { describeEachDatabase } from './harness.js';
import { ask, figuresWorld, memberOf, type FiguresWorld } from './figures-helpers.js';
import { callAs } from './project-helpers.js';

/** Figures checked against sums worked out by hand from the rows figures-helpers.ts writes. */
describeEachDatabase('figures model: POST /advanced-filter/data', (server) => {
  let w: FiguresWorld;
  beforeAll(async () => {
    w = await figuresWorld(server());
  });
  const answer = async (query: unknown): Promise<FigureAnswer> => {
    const res = await ask(server(), w.owner, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const byLabel = (a: FigureAnswer) => Object.fromEntries(a.rows.map((r) => [r.label, r.value]));

  it('sums production amounts exactly: 30 × 0.10 is 3.00 and a total past 2^53 cents keeps every cent', async () => {
    const a = await answer({ source: 'production', measure: { fn: 'sum', field: 'amount' } });
    expect(a).toEqual({ unit: 'money', rows: [], total: '999999999993089.40' });
    const march = await answer({ source: 'production', measure: { fn: 'sum', field: 'amount' }, groupBy: 'day', range: { from: '2026-03-01', to: '2026-03-10' } });
    expect(march.rows).toEqual([{ key: '2026-03-02', label: 'Mar 2, 2026', value: '3.00' }]);
    expect(march.total).toBe('3.00');
  });

  it('answers quantities, counts and exact averages', async () => {
    expect((await answer({ source: 'production', measure: { fn: 'sum', field: 'quantity' } })).total).toBe('1000032.5');
    expect(await answer({ source: 'production', measure: { fn: 'count' } })).toMatchObject({ unit: 'count', total: '32' });
    // 999,999,999,993,089.40 / 32 = 31,249,999,999,784.04375
    expect((await answer({ source: 'production', measure: { fn: 'avg', field: 'amount' } })).total).toBe('31249999999784.04');
    // Damages: 0.10 and 0.25 over the two that have an amount: 0.175 rounds half up.
    expect((await answer({ source: 'damage', measure: { fn: 'avg', field: 'amount' } })).total).toBe('0.18');
  });

  it('groups production by every dimension with labels; time in time order (week: its Monday, month: its 1st)', async () => {
    const q = (groupBy: string) => answer({ source: 'production', measure: { fn: 'sum', field: 'amount' }, groupBy });
    expect((await q('month')).rows).toEqual([
      { key: '2026-03-01', label: 'Mar 2026', value: '3089.40' },
      { key: '2026-04-01', label: 'Apr 2026', value: '999999999990000.00' },
    ]);
    expect((await q('week')).rows.map((r) => [r.key, r.label, r.value])).toEqual([
      ['2026-03-02', 'Week of Mar 2, 2026', '3.00'],
      ['2026-03-09', 'Week of Mar 9, 2026', '3086.40'],
      ['2026-03-30', 'Week of Mar 30, 2026', '999999999990000.00'],
    ]);
    expect((await q('crew')).rows).toEqual([
      { key: w.alpha, label: 'Alpha', value: '999999999990003.00' },
      { key: w.bravo, label: 'Bravo', value: '3086.40' },
    ]);
    expect(byLabel(await q('project'))).toEqual({ 'South Yard': '999999999990000.00', 'North Loop': '3089.40' });
    expect((await q('item')).rows).toEqual([
      { key: w.conduit, label: 'Conduit 2in', value: '999999999990003.00' },
      { key: w.handhole, label: 'Handhole', value: '3086.40' },
    ]);
    expect((await q('category')).rows).toEqual([
      { key: w.category, label: 'Conduit work', value: '999999999990003.00' },
      { key: null, label: 'No category', value: '3086.40' },
    ]);
    expect((await q('client')).rows).toEqual([
      { key: null, label: 'No client', value: '999999999990000.00' },
      { key: w.client.companyId, label: 'Figures Client Utility', value: '3089.40' },
    ]);
    expect((await q('status')).rows).toEqual([
      { key: 'approved', label: 'Approved', value: '999999999990003.00' },
      { key: 'submitted', label: 'Submitted', value: '3086.40' },
    ]);
    expect((await q('day')).rows.map((r) => r.key)).toEqual(['2026-03-02', '2026-03-15', '2026-04-01']);
  });

  it('answers every dimension of every source with a label', async () => {
    for (const [source, decl] of Object.entries(FIGURE_SOURCES) as Array<[FigureSource, (typeof FIGURE_SOURCES)[FigureSource]]>) {
      for (const groupBy of decl.dimensions) {
        const a = await answer({ source, measure: { fn: 'count' }, groupBy });
        expect(a.rows.length, `${source} by ${groupBy}`).toBeGreaterThan(0);
        for (const r of a.rows) expect(r.label, `${source} by ${groupBy}`).toMatch(/\S/);
        expect(a.rows.reduce((n, r) => n + Number(r.value), 0), `${source} by ${groupBy}`).toBe(Number(a.total));
      }
    }
  });

  it('answers each source over the company’s own rows only', async () => {
    const total = async (source: string, fn: string, field?: string, extra: object = {}) => (await answer({ source, measure: { fn, ...(field ? { field } : {}) }, ...extra })).total;
    expect(await total('budget', 'sum', 'amount')).toBe('2000003803.66');
    expect(await total('budget', 'sum', 'quantity')).toBe('1005');
    expect(await total('change_order', 'sum', 'amount')).toBe('123.00');
    expect(await total('change_order', 'count', undefined, { filters: [{ field: 'amount', operator: 'gt', value: 100 }] })).toBe('1');
    expect(await total('invoice', 'sum', 'amount')).toBe('1000.10');
    expect(byLabel(await answer({ source: 'invoice', measure: { fn: 'sum', field: 'amount' }, groupBy: 'client' }))).toEqual({ 'Figures Client Utility': '1000.00', 'No client': '0.10' });
    // Payments only: the retainage release is not money received.
    expect(await total('payment', 'sum', 'amount')).toBe('250.10');
    expect(await total('task', 'count')).toBe('3');
    expect(await total('task', 'count', undefined, { range: { from: '2026-03-01', to: '2026-03-31' } })).toBe('2');
    expect(byLabel(await answer({ source: 'task', measure: { fn: 'count' }, groupBy: 'type' }))).toEqual({ Boring: '1', 'No type': '2' });
    expect(await total('damage', 'sum', 'amount')).toBe('0.35');
    expect(await total('damage', 'count')).toBe('3');
    expect(byLabel(await answer({ source: 'log', measure: { fn: 'count' }, groupBy: 'project' }))).toEqual({ 'North Loop': '2', 'No project': '1' });
    expect((await answer({ source: 'locate', measure: { fn: 'count' }, groupBy: 'week' })).rows.map((r) => [r.key, r.value])).toEqual([
      ['2026-02-23', '1'],
      ['2026-03-09', '1'],
    ]);
    // Another company's production, named in a filter, still counts nothing.
    expect(await total('production', 'count', undefined, { filters: [{ field: 'crew', operator: 'eq', value: w.otherCrew }] })).toBe('0');
    expect(await total('production', 'count', undefined, { filters: [{ field: 'project', operator: 'in', value: [w.elsewhere.id, w.north.id] }] })).toBe('31');
  });

  it('applies filters with the grid operators', async () => {
    const count = async (filters: unknown[]) => (await answer({ source: 'production', measure: { fn: 'count' }, filters })).total;
    expect(await count([{ field: 'status', operator: 'ne', value: 'approved' }])).toBe('1');
    expect(await count([{ field: 'quantity', operator: 'gte', value: 2.5 }])).toBe('2');
    expect(await count([{ field: 'quantity', operator: 'lt', value: 1.001 }])).toBe('30');
    expect(await count([{ field: 'date', operator: 'gt', value: '2026-03-02' }])).toBe('2');
    expect(await count([{ field: 'category', operator: 'eq', value: w.category }, { field: 'client', operator: 'eq', value: w.client.companyId }])).toBe('30');
    expect(await count([{ field: 'item', operator: 'in', value: [w.handhole] }])).toBe('1');
  });

  it('compares with the period of the same length just before the range, and keeps the largest groups to the limit', async () => {
    const a = await answer({ source: 'production', measure: { fn: 'sum', field: 'amount' }, range: { from: '2026-04-01', to: '2026-04-30' }, compare: true });
    // 30 days back: 2 March to 31 March.
    expect(a).toMatchObject({ total: '999999999990000.00', previousTotal: '3089.40' });
    const limited = await answer({ source: 'production', measure: { fn: 'count' }, groupBy: 'crew', limit: 1 });
    expect(limited.rows).toEqual([{ key: w.alpha, label: 'Alpha', value: '31' }]);
    expect(limited.total).toBe('32');
    const noRange = await ask(server(), w.owner, { source: 'production', measure: { fn: 'count' }, compare: true });
    expect(noRange.status).toBe(400);
    expect(noRange.body.error.details[0].field).toBe('compare');
  });

  it('never answers a figure older than the last write', async () => {
    const s = server();
    const q = { source: 'production', measure: { fn: 'sum', field: 'amount' }, filters: [{ field: 'project', operator: 'eq', value: w.north.id }] };
    expect((await answer(q)).total).toBe('3089.40');
    await s.services.db.updateTable('production_items').set({ quantity_e3: 2000 }).where('production_id', '=', w.dimes.id).where('id', '=', w.dimes.itemIds[0]!).execute();
    expect((await answer(q)).total).toBe('3089.50');
    await s.services.db.updateTable('budget_items').set({ price_cents: 20 }).where('id', '=', w.dime).execute();
    expect((await answer(q)).total).toBe('3092.60');
    await s.services.db.updateTable('budget_items').set({ price_cents: 10 }).where('id', '=', w.dime).execute();
    await s.services.db.updateTable('production_items').set({ quantity_e3: 1000 }).where('id', '=', w.dimes.itemIds[0]!).execute();
    expect((await answer(q)).total).toBe('3089.40');
  });

  it('narrows a crew leader to their crews', async () => {
    const leader = await memberOf(server(), w, 'CrewLeader', [w.alpha]);
    const res = await ask(server(), leader, { source: 'production', measure: { fn: 'count' }, groupBy: 'crew' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unit: 'count', rows: [{ key: w.alpha, label: 'Alpha', value: '31' }], total: '31' });
    expect((await ask(server(), leader, { source: 'task', measure: { fn: 'count' } })).body.total).toBe('1');
    expect((await ask(server(), leader, { source: 'log', measure: { fn: 'count' } })).body.total).toBe('1');
    const none = await memberOf(server(), w, 'CrewLeader');
    expect((await ask(server(), none, { source: 'production', measure: { fn: 'count' } })).body.total).toBe('0');
  });

  it('refuses a source the viewer may not see with 403, and maps only the sources they may ask', async () => {
    const member = await memberOf(server(), w, 'Member');
    expect((await ask(server(), member, { source: 'invoice', measure: { fn: 'count' } })).status).toBe(403);
    expect((await ask(server(), member, { source: 'production', measure: { fn: 'count' } })).status).toBe(200);
    const mapping = await callAs(server(), member, 'GET', '/advanced-filter/mapping');
    expect(mapping.status).toBe(200);
    expect(Object.keys(mapping.body)).toEqual(['production']);
    const all = await callAs(server(), w.owner, 'GET', '/advanced-filter/mapping');
    expect(all.body).toEqual(JSON.parse(JSON.stringify(FIGURE_SOURCES)));
  });
});

