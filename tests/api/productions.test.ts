import { describeEachDatabase, type TestServer } from './harness.js';
import { call } from './budgets-helpers.js';
import { approvedProduction, nextDay, productionWorld, recordProduction, type ProductionWorld } from './productions-helpers.js';

describeEachDatabase('productions: record, read, move', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
  });

  it('a crew leader records a production with exact decimal quantities', async () => {
    const res = await call(s, w.people.subLeader)('POST', `/production/project/${w.projectId}`, {
      crewId: w.crews.boring,
      date: nextDay(),
      items: [
        { budgetItemId: w.budgetItems.asphalt, quantity: 0.1 },
        { budgetItemId: w.budgetItems.asphalt, quantity: '0.2' },
        { budgetItemId: w.budgetItems.pipe, quantity: '1.005', photosNumber: 2 },
      ],
      texts: { notes: 'Dry day', weather: 'Sunny' },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('draft');
    expect(res.body.companyId).toBe(w.sub.companyId);
    expect(res.body.items.map((i: any) => i.quantity)).toEqual(['0.1', '0.2', '1.005']);
    // 0.3 × 12.50 = 3.75; 1.005 × 3.33 = 3.34665: Σ 7.09665 → 7.10
    expect(res.body.amount).toBe('7.10');
    expect(res.body.itemCount).toBe(3);
    expect(res.body.texts).toEqual({ notes: 'Dry day', weather: 'Sunny' });
    expect(res.body.canEdit).toBe(true);
    expect(res.body.canReview).toBe(false);
  });

  it('the flow: submit, own approval, client approval', async () => {
    const p = await approvedProduction(s, w);
    expect(p.status).toBe('approved');
    expect(p.reviews.map((r) => [r.role, r.status])).toEqual([
      ['own', 'approved'],
      ['client', 'approved'],
    ]);
    const seen = await call(s, w.people.client)('GET', `/production/${p.id}`);
    expect(seen.status).toBe(200);
    const list = await call(s, w.people.client)('GET', `/production?projectId=${w.projectId}`);
    expect(list.status).toBe(200);
    expect(list.body.map((r: any) => r.id)).toContain(p.id);
    expect(list.headers['x-total-count']).toBe(String(list.body.length));
  });

  it('the owner never sees a subcontractor draft', async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    expect((await call(s, w.people.ownerPm)('GET', `/production/${p.id}`)).status).toBe(404);
  });
});
