import { describeEachDatabase, type TestServer } from './harness.js';
import { call, pendingReview } from './budgets-helpers.js';
import { approvedProduction, productionWorld, recordProduction, type ProductionWorld } from './productions-helpers.js';

describeEachDatabase('dashboards: what needs attention', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  let submitted: number;
  let overdue: number;
  const attention = (who: Parameters<typeof call>[1], query = '') => call(s, who)('GET', `/dashboard/attention${query}`);

  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
    // The budget waits for the client company's review.
    await s.services.db.updateTable('budgets').set({ status: 'submitted', submitted_at: '2026-02-01T10:00:00.000Z' }).where('id', '=', w.budgetId).execute();
    await pendingReview(s, w.budgetId, { userId: w.client.user.id, companyId: w.client.companyId });
    // The subcontractor's production, submitted: the owner company reviews it as the project's owner.
    const p = await recordProduction(s, w, w.people.subLeader, { date: '2026-06-10' });
    const sent = await call(s, w.people.subPm)('PATCH', `/production/${p.id}/submit`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    submitted = p.id;
    // Two invoices of the owner's: one past due and unpaid, one paid.
    const made = [];
    for (let i = 0; i < 2; i++) {
      const approved = await approvedProduction(s, w, { by: 'owner' });
      const res = await call(s, w.people.owner)('POST', `/invoices/${w.owner.companyId}`, { projectId: w.projectId, productions: [{ id: approved.id, items: approved.items.map((it: { id: number }) => ({ id: it.id })) }] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push(res.body.id as number);
    }
    overdue = made[0]!;
    await s.services.db.updateTable('invoices').set({ status: 'unpaid', due_date: '2026-01-15' }).where('id', '=', made[0]!).execute();
    await s.services.db.updateTable('invoices').set({ status: 'paid', due_date: '2026-01-10' }).where('id', '=', made[1]!).execute();
  });

  it("lists the company's own waiting work, each kind only where it is that company's move, oldest first", async () => {
    const owner = await attention(w.people.owner);
    expect(owner.status).toBe(200);
    expect(owner.body.map((r: any) => [r.kind, r.id])).toEqual([
      ['invoices_overdue', overdue],
      ['productions_to_approve', submitted],
    ]);
    expect(owner.body[0]).toMatchObject({ url: `/app/invoices/${overdue}`, date: '2026-01-15' });
    expect(owner.body[1]).toMatchObject({ url: `/app/productions/inspect/${submitted}`, title: expect.stringContaining('Boring crew') });

    const client = await attention(w.people.client);
    expect(client.body).toEqual([
      { kind: 'budgets_in_review', id: w.budgetId, title: expect.stringContaining('Main Street Fiber'), detail: expect.any(String), url: `/app/projects/${w.projectId}/budget`, date: '2026-02-01' },
    ]);
    // Nothing of theirs waits on the stranger.
    expect((await attention(w.people.stranger)).body).toEqual([]);
  });

  it('picks kinds and a project, and leaves out kinds the viewer may not see', async () => {
    expect((await attention(w.people.owner, '?kinds=productions_to_approve')).body.map((r: any) => r.kind)).toEqual(['productions_to_approve']);
    expect((await attention(w.people.owner, `?projectId=${w.projectId}&kinds=invoices_overdue,productions_to_approve`)).body).toHaveLength(2);
    const other = (await call(s, w.people.owner)('POST', `/companies/${w.owner.companyId}/projects`, { projectName: 'Elsewhere', code: 'ELS-1' })).body;
    expect((await attention(w.people.owner, `?projectId=${other.id}`)).body).toEqual([]);
    // A crew member sees productions but not invoices.
    expect((await attention(w.people.ownerCrew)).body.map((r: any) => r.kind)).toEqual(['productions_to_approve']);
    expect((await attention(w.people.owner, '?projectId=abc')).status).toBe(400);
  });
});
