import { describeEachDatabase, type TestServer } from './harness.js';
import { call, lastNotificationId, notificationsSince } from './budgets-helpers.js';
import { approvedProduction, productionWorld, recordProduction, storedProductions, type ProductionWorld } from './productions-helpers.js';

describeEachDatabase('productions: state machine, reviews, notifications', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
  });

  it('submit opens a review per company and tells the reviewing companies (production--added)', async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    const mark = await lastNotificationId(s);
    const res = await call(s, w.people.subLeader)('PATCH', `/production/${p.id}/submit`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('submitted');
    expect(res.body.reviews.map((r: any) => [r.companyId, r.role, r.status])).toEqual([
      [w.sub.companyId, 'own', 'pending'],
      [w.owner.companyId, 'client', 'pending'],
    ]);
    const told = await notificationsSince(s, mark);
    expect(new Set(told.map((n) => n.type))).toEqual(new Set(['production--added']));
    expect(new Set(told.map((n) => n.company_id))).toEqual(new Set([w.sub.companyId, w.owner.companyId]));
    expect(told.some((n) => n.user_id === w.people.subLeader.userId)).toBe(false);
    expect(told.some((n) => n.user_id === w.people.client.userId)).toBe(false);
  });

  it('a crew leader records but does not approve; the client review waits for the own review (409)', async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    await call(s, w.people.subLeader)('PATCH', `/production/${p.id}/submit`);
    expect((await call(s, w.people.subLeader)('POST', `/production/${p.id}/approve`, {})).status).toBe(403);
    const before = await storedProductions(s);
    const early = await call(s, w.people.ownerPm)('POST', `/production/${p.id}/approve`, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("The producing company's own review comes first");
    expect(await storedProductions(s)).toEqual(before);
    // The owner's crew leader may not approve for the owner either.
    expect((await call(s, w.people.ownerLeader)('POST', `/production/${p.id}/approve`, {})).status).toBe(403);
    const own = await call(s, w.people.subPm)('POST', `/production/${p.id}/approve`, {});
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('submitted');
    expect(own.body.canReview).toBe(false);
    const ownerView = await call(s, w.people.ownerPm)('GET', `/production/${p.id}`);
    expect(ownerView.body.canReview).toBe(true);
    expect(ownerView.body.myReviewStatus).toBe('pending');
    const done = await call(s, w.people.ownerPm)('POST', `/production/${p.id}/approve`, { sendEmail: true });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('approved');
    expect(done.body.approvedAt).not.toBeNull();
  });

  it('sendEmail mails the producer’s productions:manage people through the outbox', async () => {
    const p = await recordProduction(s, w, w.people.ownerLeader);
    await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}/submit`);
    const before = (await s.services.db.selectFrom('mail_outbox').select('id').execute()).length;
    const res = await call(s, w.people.ownerPm)('POST', `/production/${p.id}/approve`, { sendEmail: true });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('approved');
    const mails = await s.services.db.selectFrom('mail_outbox').select(['to_address', 'subject']).orderBy('id').execute();
    const fresh = mails.slice(before);
    // The owner (everything), the project manager and the crew leader hold productions:manage; the Crew member does not.
    expect(fresh.length).toBe(3);
    expect(fresh.every((m) => m.subject.startsWith('Production approved'))).toBe(true);
  });

  it('reject needs a reason, rejects the production, and tells the producer (production--review)', async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    await call(s, w.people.subPm)('PATCH', `/production/${p.id}/submit`);
    await call(s, w.people.subPm)('POST', `/production/${p.id}/approve`, {});
    const before = await storedProductions(s);
    const empty = await call(s, w.people.ownerPm)('POST', `/production/${p.id}/reject`, { reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('A reason is required to reject');
    expect(await storedProductions(s)).toEqual(before);
    const mark = await lastNotificationId(s);
    const res = await call(s, w.people.ownerPm)('POST', `/production/${p.id}/reject`, { reason: 'Quantities do not match the plan' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    expect(res.body.rejectReason).toBe('Quantities do not match the plan');
    expect(res.body.reviews.find((r: any) => r.role === 'client')).toMatchObject({ status: 'rejected', reason: 'Quantities do not match the plan' });
    // The crew's list says why, without opening the production.
    const listed = await call(s, w.people.subLeader)('GET', `/production?id=${p.id}`);
    expect(listed.body[0]).toMatchObject({ status: 'rejected', rejectReason: 'Quantities do not match the plan' });
    const told = await notificationsSince(s, mark);
    expect(told.map((n) => n.type)).toContain('production--review');
    expect(new Set(told.map((n) => n.company_id))).toEqual(new Set([w.sub.companyId]));

    // Amend, change an item (the reviewers have seen it: production--item-update), submit again: every review pending.
    const amended = await call(s, w.people.subLeader)('POST', `/production/${p.id}/amend`);
    expect(amended.status).toBe(200);
    expect(amended.body.status).toBe('draft');
    const mark2 = await lastNotificationId(s);
    const item = amended.body.items[0];
    expect((await call(s, w.people.subLeader)('PATCH', `/production/item/${item.id}`, { quantity: '3' })).status).toBe(200);
    expect((await notificationsSince(s, mark2)).map((n) => n.type)).toContain('production--item-update');
    const again = await call(s, w.people.subLeader)('PATCH', `/production/${p.id}/submit`);
    expect(again.body.reviews.map((r: any) => r.status)).toEqual(['pending', 'pending']);
    expect(again.body.rejectReason).toBeNull();
  });

  it('illegal moves are 409 and change nothing', async () => {
    const draft = await recordProduction(s, w, w.people.subLeader);
    const approved = await approvedProduction(s, w);
    const cases: Array<[any, string, string, unknown?]> = [
      [w.people.subPm, 'POST', `/production/${draft.id}/amend`],
      [w.people.subPm, 'POST', `/production/${approved.id}/approve`, {}],
      [w.people.subPm, 'POST', `/production/${approved.id}/reject`, { reason: 'late' }],
      [w.people.subPm, 'PATCH', `/production/${approved.id}/submit`],
      [w.people.subPm, 'PATCH', `/production/${approved.id}`, { texts: { notes: 'x' } }],
      [w.people.subPm, 'POST', `/production/${approved.id}/items`, { items: [{ budgetItemId: w.budgetItems.pipe, quantity: 1 }] }],
      [w.people.subPm, 'PATCH', `/production/${approved.id}/items`, { items: [{ id: approved.items[0]!.id, quantity: 1 }] }],
      [w.people.subPm, 'PATCH', `/production/item/${approved.items[0]!.id}`, { quantity: 1 }],
      [w.people.subPm, 'DELETE', `/production/item/${approved.items[0]!.id}`],
      [w.people.subPm, 'PATCH', `/production/${approved.id}/pdf/items`, { marks: [] }],
      [w.people.subPm, 'PATCH', `/production/${approved.id}/stations`, { stationIds: [] }],
      [w.people.subPm, 'POST', `/production/${approved.id}/traces`, { points: [[30, -97], [30.001, -97]] }],
      [w.people.subPm, 'DELETE', `/production/${approved.id}`],
    ];
    const before = await storedProductions(s);
    for (const [who, method, path, body] of cases) {
      const res = await call(s, who)(method as any, path, body);
      expect([path, method, res.status]).toEqual([path, method, 409]);
    }
    // Submitting a draft without items.
    const empty = await recordProduction(s, w, w.people.subLeader, { items: [] });
    const before2 = await storedProductions(s);
    const res = await call(s, w.people.subPm)('PATCH', `/production/${empty.id}/submit`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Add at least one item before submitting');
    expect(await storedProductions(s)).toEqual(before2);
    expect(before.productions.length + 1).toBe(before2.productions.length);
  });

  it('a crew leader cannot amend an approved production; a project manager can', async () => {
    const p = await approvedProduction(s, w);
    expect((await call(s, w.people.subLeader)('POST', `/production/${p.id}/amend`)).status).toBe(403);
    const res = await call(s, w.people.subPm)('POST', `/production/${p.id}/amend`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('draft');
    expect(res.body.approvedAt).toBeNull();
  });

  it('amend is refused while an item is on an active invoice line', async () => {
    const p = await approvedProduction(s, w);
    const db = s.services.db;
    const now = new Date().toISOString();
    const inv = await db
      .insertInto('invoices')
      .values({ company_id: w.sub.companyId, project_id: w.projectId, client_id: w.owner.companyId, client_name: null, number: `T-${p.id}`, status: 'draft', due_date: null, week_ending_date: null, retainage_e3: 0, notes: null, subtotal_cents: 0, retainage_cents: 0, released_cents: 0, paid_cents: 0, single_part: 0, reject_reason: null, cancel_reason: null, sent_at: null, sent_by: null, approved_at: null, approved_by: null, paid_at: null, created_by: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('invoice_lines').values({ invoice_id: inv.id, company_id: w.sub.companyId, production_id: p.id, production_item_id: p.items[0]!.id, budget_item_id: p.items[0]!.budgetItemId, quantity_e3: 2500, price_cents: 1250, amount_cents: 3125, active: 1, created_at: now }).execute();
    const view = await call(s, w.people.subPm)('GET', `/production/${p.id}`);
    expect(view.body.items[0].invoiced).toBe(true);
    expect(view.body.canAmend).toBe(false);
    const before = await storedProductions(s);
    const res = await call(s, w.people.subPm)('POST', `/production/${p.id}/amend`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Items of this production are on an invoice: it cannot be amended');
    expect(await storedProductions(s)).toEqual(before);
    // Once the invoice is cancelled (its lines inactive) the production may be amended again.
    await db.updateTable('invoice_lines').set({ active: 0 }).where('invoice_id', '=', inv.id).execute();
    expect((await call(s, w.people.subPm)('POST', `/production/${p.id}/amend`)).status).toBe(200);
  });

  it('two approvals of the same review at once: one is recorded, the other is 409', async () => {
    const p = await recordProduction(s, w, w.people.ownerLeader);
    await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}/submit`);
    const auditsBefore = (await s.services.db.selectFrom('audit_events').select('id').where('entity_type', '=', 'production').where('entity_id', '=', String(p.id)).execute()).length;
    const results = await Promise.all([
      call(s, w.people.ownerPm)('POST', `/production/${p.id}/approve`, {}),
      call(s, w.people.owner)('POST', `/production/${p.id}/approve`, {}),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const reviews = await s.services.db.selectFrom('production_reviews').selectAll().where('production_id', '=', p.id).execute();
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.status).toBe('approved');
    const audits = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'production').where('entity_id', '=', String(p.id)).execute();
    expect(audits.length - auditsBefore).toBe(1);
    expect(audits.at(-1)!.action).toBe('approved');
  });

  it('approved production counts into producedQuantity exactly (0.1 + 0.2 is 0.3) and flags over budget', async () => {
    const a = await approvedProduction(s, w, { items: [{ budgetItemId: w.budgetItems.pipe, quantity: 0.1 }] });
    expect(a.items[0]!.plannedQuantity).toBe('10');
    const b = await approvedProduction(s, w, { items: [{ budgetItemId: w.budgetItems.pipe, quantity: 0.2 }] });
    expect(b.items[0]!.producedQuantity).toBe('0.3');
    const big = await recordProduction(s, w, w.people.subLeader, { items: [{ budgetItemId: w.budgetItems.pipe, quantity: '9.701' }] });
    expect(big.items[0]!.producedQuantity).toBe('0.3');
    expect(big.items[0]!.overBudget).toBe(true);
    const fits = await recordProduction(s, w, w.people.subLeader, { items: [{ budgetItemId: w.budgetItems.pipe, quantity: '9.7' }] });
    expect(fits.items[0]!.overBudget).toBe(false);
    expect(fits.items[0]!.amount).toBe('32.30'); // 9.7 × 3.33 = 32.301
  });

  it('the activity lists every event of the production, newest first', async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    await call(s, w.people.subLeader)('POST', `/production/${p.id}/items`, { items: [{ budgetItemId: w.budgetItems.labor, quantity: 8 }] });
    await call(s, w.people.subLeader)('POST', '/comment', { sourceId: p.id, comment: 'Started late' });
    await call(s, w.people.subLeader)('POST', `/production/${p.id}/traces`, { points: [[30, -97], [30.001, -97]] });
    await call(s, w.people.subLeader)('PATCH', `/production/${p.id}/submit`);
    const res = await call(s, w.people.subPm)('GET', `/production/${p.id}/activity`);
    expect(res.status).toBe(200);
    expect(res.body.map((e: any) => e.action)).toEqual(['submitted', 'trace added', 'comment added', 'items added', 'created']);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.body[0].actor.id).toBe(w.people.subLeader.userId);
    // The owner reads it once the production is submitted.
    expect((await call(s, w.people.ownerPm)('GET', `/production/${p.id}/activity`)).status).toBe(200);
  });
});
