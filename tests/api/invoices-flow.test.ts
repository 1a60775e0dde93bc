import { INVOICE_BILLING_MESSAGES } from '../../resources/invoice.js';
import { DELETE_MESSAGES } from '../../server/modules/projects/project-delete.js';
import { call, lastNotificationId, member, notificationsSince, side } from './budgets-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { billing, createInvoice, invoiceWorld, production, storedInvoices, type InvoiceWorld } from './invoices-helpers.js';

/** A sent invoice of the owner billing `quantityE3` of asphalt (12.50 each) with the retainage asked. */
async function sentInvoice(s: TestServer, w: InvoiceWorld, quantityE3 = 8000, retainage: string | number = 0) {
  const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, quantityE3]]);
  return createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p), retainage, status: 'submit' });
}

describeEachDatabase('invoices: the flow', (server) => {
  it('goes draft → send → reject → edit → send → approve → partially paid → paid, told to the other side, in the activity', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const client = call(s, side(w.client));
    const p1 = await production(s, w, 'owner', [[w.budgetItems.asphalt, 8000]]);
    const p2 = await production(s, w, 'owner', [[w.budgetItems.labor, 100]]);
    const draft = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p1) });

    let mark = await lastNotificationId(s);
    const sent = await owner('PATCH', `/invoices/${draft.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'submit', moves: ['resend', 'changeContact', 'recordDecision', 'cancel'] });
    expect((await notificationsSince(s, mark)).map((n) => [n.company_id, n.type])).toEqual([[w.client.companyId, 'invoice']]);

    mark = await lastNotificationId(s);
    const rejected = await client('POST', `/invoices/${draft.id}/reject`, { reason: ' Wrong week ' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectReason: 'Wrong week' });
    const told = await notificationsSince(s, mark);
    expect(told).toEqual([expect.objectContaining({ company_id: w.owner.companyId, type: 'invoice', description: `Invoice ${draft.number} was rejected: Wrong week` })]);

    const edited = await owner('PATCH', `/invoices/${draft.id}`, { productions: billing(p1, p2), weekEndingDate: '2026-03-14', retainage: 10 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'rejected', subtotal: '100.01', retainage: '10.00', due: '90.01', weekEndingDate: '2026-03-14' });
    expect(edited.body.lines).toHaveLength(2);

    expect((await owner('PATCH', `/invoices/${draft.id}/send`)).body).toMatchObject({ status: 'submit', rejectReason: null });
    const approved = await client('POST', `/invoices/${draft.id}/approve`);
    expect(approved.body).toMatchObject({ status: 'unpaid', moves: ['markPaid'] });
    expect((await owner('GET', `/invoices/${draft.id}`)).body).toMatchObject({ moves: ['recordPayment', 'markPaid', 'releaseRetainage', 'cancel'] });

    const part = await owner('POST', `/invoices/${draft.id}/paid/partially_paid`, { amount: '40.00', paidOn: '2026-04-01', reference: 'CHK 1' });
    expect(part.body).toMatchObject({ status: 'partially_paid', paid: '40.00', balance: '50.01', moves: ['recordPayment', 'markPaid', 'releaseRetainage'] });
    const full = await owner('POST', `/invoices/${draft.id}/paid/paid`, {});
    expect(full.body).toMatchObject({ status: 'paid', paid: '90.01', balance: '0.00' });
    expect(full.body.paidAt).not.toBeNull();
    expect(full.body.transactions.map((t: { kind: string; amount: string; paidOn: string }) => [t.kind, t.amount, t.paidOn.length])).toEqual([
      ['payment', '40.00', 10],
      ['payment', '50.01', 10],
    ]);

    const activity = await owner('GET', `/invoices/${draft.id}/activity`);
    expect(activity.body.map((a: { action: string }) => a.action)).toEqual([
      'payment of $50.01 recorded by Owner Paving: paid in full',
      'payment of $40.00 recorded by Owner Paving',
      'approved',
      'sent',
      'updated',
      'rejected',
      'sent',
      'created',
    ]);
    expect(activity.body[4].changes).toMatchObject({ lines: { from: 1, to: 2 }, subtotal: { from: '100.00', to: '100.01' } });
    // The billed company reads the trail from the first sending on.
    expect((await client('GET', `/invoices/${draft.id}/activity`)).body.map((a: { action: string }) => a.action)).toEqual([
      'payment of $50.01 recorded by Owner Paving: paid in full',
      'payment of $40.00 recorded by Owner Paving',
      'approved',
      'sent',
      'updated',
      'rejected',
      'sent',
    ]);
  });

  it('answers 409 for every illegal move and changes nothing', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const client = call(s, side(w.client));
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]]);
    const draft = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p) });
    const sent = await sentInvoice(s, w);
    const paid = await sentInvoice(s, w);
    await client('POST', `/invoices/${paid.id}/approve`);
    await owner('POST', `/invoices/${paid.id}/paid/paid`, {});
    const cancelled = await sentInvoice(s, w);
    await owner('POST', `/invoices/${cancelled.id}/cancelled`, { reason: 'no' });

    const moves: Array<[ReturnType<typeof call>, 'POST' | 'PATCH', string, unknown?]> = [
      [owner, 'POST', `/invoices/${draft.id}/approveSinglePart`],
      [owner, 'POST', `/invoices/${draft.id}/paid/paid`, {}],
      [owner, 'POST', `/invoices/${draft.id}/transaction`, { amount: '1.00' }],
      [owner, 'POST', `/invoices/${draft.id}/transaction`, { kind: 'retainage_release', amount: '1.00' }],
      [owner, 'PATCH', `/invoices/${sent.id}`, { notes: 'late' }],
      [owner, 'PATCH', `/invoices/${sent.id}/send`],
      [owner, 'POST', `/invoices/${sent.id}/paid/paid`, {}],
      [client, 'POST', `/invoices/${paid.id}/approve`],
      [client, 'POST', `/invoices/${paid.id}/reject`, { reason: 'late' }],
      [owner, 'POST', `/invoices/${paid.id}/cancelled`, { reason: 'late' }],
      [owner, 'POST', `/invoices/${paid.id}/paid/partially_paid`, { amount: '1.00' }],
      [owner, 'PATCH', `/invoices/${cancelled.id}/send`],
      [owner, 'PATCH', `/invoices/${cancelled.id}`, { notes: 'late' }],
      [owner, 'POST', `/invoices/${cancelled.id}/cancelled`, { reason: 'again' }],
      [client, 'POST', `/invoices/${cancelled.id}/approve`],
      [owner, 'POST', `/invoices/${sent.id}/approveSinglePart`],
    ];
    const before = await storedInvoices(s);
    for (const [as, method, path, body] of moves) {
      const res = await as(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(409);
    }
    expect((await owner('POST', `/invoices/${sent.id}/approveSinglePart`)).body.error.message).toBe(INVOICE_BILLING_MESSAGES.singlePart);
    expect(await storedInvoices(s)).toEqual(before);
  });

  it("approves as a single part on a single-part project; for a client off the platform the issuer records the client's decision, never approves it", async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    await s.services.db.updateTable('projects').set({ is_single_part: 1 }).where('id', '=', w.projectId).execute();
    const sent = await sentInvoice(s, w);
    expect((await owner('GET', `/invoices/${sent.id}`)).body).toMatchObject({ moves: ['resend', 'changeContact', 'recordDecision', 'approveSinglePart', 'cancel'] });
    expect((await call(s, side(w.client))('POST', `/invoices/${sent.id}/approveSinglePart`)).status).toBe(403);
    const single = await owner('POST', `/invoices/${sent.id}/approveSinglePart`);
    expect(single.body).toMatchObject({ status: 'unpaid', singlePart: true });

    await s.services.db
      .updateTable('projects')
      .set({ client_id: null, client_name: 'Town of Nowhere', client_email: 'clerk@nowhere.example', is_single_part: 0 })
      .where('id', '=', w.projectId)
      .execute();
    const offPlatform = await sentInvoice(s, w);
    expect(offPlatform).toMatchObject({ clientId: null, clientName: 'Town of Nowhere', contact: { email: 'clerk@nowhere.example' }, moves: ['resend', 'changeContact', 'recordDecision', 'cancel'] });
    expect((await owner('POST', `/invoices/${offPlatform.id}/reject`, { reason: 'Town says no' })).status).toBe(403);
    const mark = await lastNotificationId(s);
    const recorded = await owner('POST', `/invoices/${offPlatform.id}/decision`, { decision: 'rejected', decidedByName: 'Town clerk', decidedAt: '2026-01-05', reason: 'Town says no' });
    expect(recorded.body).toMatchObject({ status: 'rejected', rejectReason: 'Town says no' });
    expect(await notificationsSince(s, mark)).toEqual([]);
  });

  it('cancels with a reason, freeing the items to be billed again; refuses a reason missing and the billed side', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]]);
    const first = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p), status: 'submit' });
    const before = await storedInvoices(s);
    expect((await owner('POST', `/invoices/${first.id}/cancelled`, { reason: '  ' })).status).toBe(400);
    expect((await owner('POST', `/invoices/${first.id}/cancelled`, {})).body.error.message).toContain(INVOICE_BILLING_MESSAGES.reason);
    expect((await call(s, side(w.client))('POST', `/invoices/${first.id}/cancelled`, { reason: 'mine' })).status).toBe(403);
    expect(await storedInvoices(s)).toEqual(before);
    const mark = await lastNotificationId(s);
    const cancelled = await owner('POST', `/invoices/${first.id}/cancelled`, { reason: 'Duplicate' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'Duplicate', moves: [] });
    expect((await notificationsSince(s, mark)).map((n) => n.company_id)).toEqual([w.client.companyId]);
    const again = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p) });
    expect(again.lines).toHaveLength(1);
  });

  it('keeps a project that was invoiced, cancelled invoices too: deleting it is a 409 that changes nothing', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]]);
    const invoice = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p) });
    await call(s, side(w.owner))('POST', `/invoices/${invoice.id}/cancelled`, { reason: 'Wrong week' });
    const before = await storedInvoices(s);
    const res = await call(s, side(w.owner))('DELETE', `/projects/${w.projectId}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(DELETE_MESSAGES.invoices);
    expect(await storedInvoices(s)).toEqual(before);
    expect(await s.services.db.selectFrom('productions').select('id').where('id', '=', p.id).execute()).toHaveLength(1);
  });

  it('keeps money exact: 0.1 × 3, 999,999.99 prices, 33.333 % retainage, payments summing to the due, retainage released', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const client = call(s, side(w.client));
    // Three lines of 0.1 of a 999,999.99 pipe, and 0.1 + 0.1 + 0.1 of labor at 0.10.
    const a = await production(s, w, 'owner', [[w.budgetItems.pipe, 100], [w.budgetItems.labor, 100]]);
    const b = await production(s, w, 'owner', [[w.budgetItems.pipe, 100], [w.budgetItems.labor, 100]]);
    const c = await production(s, w, 'owner', [[w.budgetItems.pipe, 100], [w.budgetItems.labor, 100]]);
    const invoice = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(a, b, c), retainage: '33.333', status: 'submit' });
    // 0.1 × 999,999.99 = 99,999.999 → 100,000.00 each; 0.1 × 0.10 = 0.01 each.
    expect(invoice.lines.map((l) => l.amount)).toEqual(['100000.00', '0.01', '100000.00', '0.01', '100000.00', '0.01']);
    expect(invoice).toMatchObject({ subtotal: '300000.03', retainage: '99999.01', due: '200001.02', balance: '200001.02' });
    await client('POST', `/invoices/${invoice.id}/approve`);

    const before = await storedInvoices(s);
    const refusals: Array<[string, unknown, string]> = [
      ['paid/paid', { amount: '100.00' }, INVOICE_BILLING_MESSAGES.notFull],
      ['paid/paid', { amount: '200001.03' }, INVOICE_BILLING_MESSAGES.overpaid],
      ['paid/partially_paid', {}, INVOICE_BILLING_MESSAGES.amount],
      ['paid/partially_paid', { amount: '200001.02' }, INVOICE_BILLING_MESSAGES.full],
      ['paid/partially_paid', { amount: '0' }, INVOICE_BILLING_MESSAGES.amount],
      ['paid/partially_paid', { amount: '1.001' }, ''],
      ['paid/partially_paid', { amount: 0.1 + 0.2 }, ''],
      ['paid/bogus', { amount: '1.00' }, 'Status must be paid or partially_paid'],
      ['transaction', { amount: '200001.03' }, INVOICE_BILLING_MESSAGES.overpaid],
      ['transaction', { kind: 'retainage_release', amount: '99999.02' }, INVOICE_BILLING_MESSAGES.release],
      ['transaction', { kind: 'refund', amount: '1.00' }, 'Kind must be payment or retainage_release'],
    ];
    for (const [path, body, message] of refusals) {
      const res = await owner('POST', `/invoices/${invoice.id}/${path}`, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await storedInvoices(s)).toEqual(before);

    // Three payments of a third each, in cents that do not divide evenly.
    expect((await owner('POST', `/invoices/${invoice.id}/transaction`, { amount: '66667.01' })).body).toMatchObject({ status: 'partially_paid', balance: '133334.01' });
    expect((await owner('POST', `/invoices/${invoice.id}/transaction`, { amount: 66667.01 })).body).toMatchObject({ status: 'partially_paid', balance: '66667.00' });
    expect((await owner('POST', `/invoices/${invoice.id}/transaction`, { amount: '66667.00' })).body).toMatchObject({ status: 'paid', paid: '200001.02', balance: '0.00' });
    // Retainage released becomes due: paid goes back to partially paid until it is paid too.
    const released = await owner('POST', `/invoices/${invoice.id}/transaction`, { kind: 'retainage_release', amount: '99999.01' });
    expect(released.body).toMatchObject({ status: 'partially_paid', released: '99999.01', due: '300000.03', balance: '99999.01' });
    expect((await owner('POST', `/invoices/${invoice.id}/transaction`, { kind: 'retainage_release', amount: '0.01' })).body.error.message).toContain(INVOICE_BILLING_MESSAGES.release);
    expect((await owner('POST', `/invoices/${invoice.id}/paid/paid`, {})).body).toMatchObject({ status: 'paid', paid: '300000.03', balance: '0.00' });
    const row = await s.services.db.selectFrom('invoices').selectAll().where('id', '=', invoice.id).executeTakeFirstOrThrow();
    expect([row.subtotal_cents, row.retainage_cents, row.released_cents, row.paid_cents].map(Number)).toEqual([30_000_003, 9_999_901, 9_999_901, 30_000_003]);
  });

  it('never bills an item twice under concurrent requests, and parallel payments never overpay', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000], [w.budgetItems.labor, 2000]]);
    const body = { projectId: w.projectId, productions: billing(p) };
    const results = await Promise.all([owner('POST', `/invoices/${w.owner.companyId}`, body), owner('POST', `/invoices/${w.owner.companyId}`, body), owner('POST', `/invoices/${w.owner.companyId}`, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error).toMatchObject({ message: INVOICE_BILLING_MESSAGES.billed, code: 'ALREADY_BILLED' });
    const lines = await s.services.db.selectFrom('invoice_lines').select(['production_item_id']).where('company_id', '=', w.owner.companyId).where('active', '=', 1).execute();
    expect(lines.map((l) => l.production_item_id).sort()).toEqual([...p.itemIds].sort());
    const numbers = await s.services.db.selectFrom('invoices').select('number').where('company_id', '=', w.owner.companyId).execute();
    expect(numbers).toHaveLength(1);

    const invoice = await sentInvoice(s, w, 8000);
    await call(s, side(w.client))('POST', `/invoices/${invoice.id}/approve`);
    const pays = await Promise.all(Array.from({ length: 4 }, () => owner('POST', `/invoices/${invoice.id}/transaction`, { amount: '60.00' })));
    expect(pays.filter((r) => r.status === 200)).toHaveLength(1);
    expect(pays.filter((r) => r.status !== 200).every((r) => r.status === 409 || r.status === 400)).toBe(true);
    const row = await s.services.db.selectFrom('invoices').select(['paid_cents']).where('id', '=', invoice.id).executeTakeFirstOrThrow();
    const txs = await s.services.db.selectFrom('invoice_transactions').select('amount_cents').where('invoice_id', '=', invoice.id).execute();
    expect(Number(row.paid_cents)).toBe(6000);
    expect(txs.map((t) => Number(t.amount_cents))).toEqual([6000]);
  });

  it("hides another company's invoice on every call (404) and the billed company never sees a draft", async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]]);
    const draft = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p) });
    const before = await storedInvoices(s);
    const calls: Array<['GET' | 'POST' | 'PATCH', string, unknown?]> = [
      ['GET', `/invoices/${draft.id}`],
      ['GET', `/invoices/${draft.id}/activity`],
      ['GET', `/invoices/${draft.id}/comments`],
      ['GET', `/invoices/${draft.id}/pdf`],
      ['POST', `/invoices/${draft.id}/comments`, { comment: 'hi' }],
      ['PATCH', `/invoices/${draft.id}`, { notes: 'x' }],
      ['PATCH', `/invoices/${draft.id}/send`],
      ['POST', `/invoices/${draft.id}/approve`],
      ['POST', `/invoices/${draft.id}/approveSinglePart`],
      ['POST', `/invoices/${draft.id}/reject`, { reason: 'x' }],
      ['POST', `/invoices/${draft.id}/paid/paid`, {}],
      ['POST', `/invoices/${draft.id}/cancelled`, { reason: 'x' }],
      ['POST', `/invoices/${draft.id}/transaction`, { amount: '1.00' }],
      ['POST', `/invoices/${w.owner.companyId}`, { projectId: w.projectId, productions: billing(p) }],
      ['POST', `/invoices/${w.owner.companyId}/report`, { range: { from: '2026-01-01', to: '2026-12-31' } }],
    ];
    for (const who of [w.client, w.sub, w.stranger]) {
      for (const [method, path, body] of calls) {
        const res = await call(s, side(who))(method, path, body);
        expect(res.status, `${who.companyName} ${method} ${path}`).toBe(404);
      }
    }
    expect(await storedInvoices(s)).toEqual(before);
  });

  it('holds each role to its permissions: Claims reads only, a plain member not even that', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const claims = call(s, await member(s, w.owner, 'Claims'));
    const plain = call(s, await member(s, w.owner, 'Member'));
    const manager = call(s, await member(s, w.owner, 'ProjectManager'));
    const clientClaims = call(s, await member(s, w.client, 'Claims'));
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]]);
    const body = { projectId: w.projectId, productions: billing(p) };
    const before = await storedInvoices(s);
    expect((await claims('POST', `/invoices/${w.owner.companyId}`, body)).status).toBe(403);
    expect((await claims('GET', `/billable-productions/${w.projectId}`)).status).toBe(403);
    expect(await storedInvoices(s)).toEqual(before);
    const created = await manager('POST', `/invoices/${w.owner.companyId}`, { ...body, status: 'submit' });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await claims('GET', '/invoices')).body.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await claims('GET', `/invoices/${id}`)).body).toMatchObject({ moves: [] });
    expect((await claims('GET', `/invoices/${id}/activity`)).status).toBe(200);
    expect((await plain('GET', '/invoices')).status).toBe(403);
    expect((await plain('GET', `/invoices/${id}`)).status).toBe(403);
    const frozen = await storedInvoices(s);
    for (const [method, path, b] of [
      ['PATCH', `/invoices/${id}/send`],
      ['POST', `/invoices/${id}/cancelled`, { reason: 'x' }],
      ['POST', `/invoices/${id}/transaction`, { amount: '1.00' }],
    ] as const) {
      expect((await claims(method, path, b)).status, path).toBe(403);
    }
    expect((await clientClaims('GET', `/invoices/${id}`)).body).toMatchObject({ moves: [] });
    expect((await clientClaims('POST', `/invoices/${id}/approve`)).status).toBe(403);
    expect((await clientClaims('POST', `/invoices/${id}/reject`, { reason: 'x' })).status).toBe(403);
    expect(await storedInvoices(s)).toEqual(frozen);
  });

  it('takes comments from both sides, newest first, told to the other side once sent', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const client = call(s, side(w.client));
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]]);
    const invoice = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p) });
    let mark = await lastNotificationId(s);
    expect((await owner('POST', `/invoices/${invoice.id}/comments`, { comment: 'Draft note' })).status).toBe(201);
    expect(await notificationsSince(s, mark)).toEqual([]);
    await owner('PATCH', `/invoices/${invoice.id}/send`);
    mark = await lastNotificationId(s);
    const added = await client('POST', `/invoices/${invoice.id}/comments`, { comment: ' Why this week? ' });
    expect(added.body).toMatchObject({ invoiceId: invoice.id, companyId: w.client.companyId, companyName: w.client.companyName, body: 'Why this week?' });
    expect(await notificationsSince(s, mark)).toEqual([expect.objectContaining({ company_id: w.owner.companyId, type: 'invoice-comment', entity_id: String(invoice.id) })]);
    const list = await owner('GET', `/invoices/${invoice.id}/comments`);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body.map((c: { body: string }) => c.body)).toEqual(['Why this week?', 'Draft note']);
    const before = await storedInvoices(s);
    expect((await client('POST', `/invoices/${invoice.id}/comments`, { comment: '  ' })).body.error.message).toContain(INVOICE_BILLING_MESSAGES.comment);
    expect(await storedInvoices(s)).toEqual(before);
  });
});
