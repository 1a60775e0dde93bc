import { INVOICE_BILLING_MESSAGES } from '../../resources/invoice.js';
import { call, lastNotificationId, notificationsSince, side } from './budgets-helpers.js';
import { describeEachDatabase } from './harness.js';
import { billing, createInvoice, invoiceWorld, production, storedInvoices } from './invoices-helpers.js';

describeEachDatabase('invoices: create, read, list, billable', (server) => {
  it('bills approved production as a numbered draft with the settings applied, and reads it back', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const settings = await owner('POST', `/companies/${w.owner.companyId}/invoice`, {
      invoiceNumberPrefix: 'OP-',
      nextInvoiceNumber: 41,
      paymentTermsDays: 15,
      defaultRetainagePercent: '5.25',
      remitTo: 'PO Box 1, Austin TX',
      footerNotes: 'Thank you',
    });
    expect(settings.status).toBe(200);
    const p1 = await production(s, w, 'owner', [
      [w.budgetItems.asphalt, 12_500],
      [w.budgetItems.labor, 333],
    ]);

    const res = await owner('POST', `/invoices/${w.owner.companyId}`, { projectId: w.projectId, productions: billing(p1), weekEndingDate: '2026-03-07', notes: ' First ' });
    expect(res.status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const due = new Date(Date.parse(`${today}T00:00:00Z`) + 15 * 86_400_000).toISOString().slice(0, 10);
    expect(res.body).toMatchObject({
      number: 'OP-41',
      status: 'draft',
      companyId: w.owner.companyId,
      companyName: w.owner.companyName,
      projectId: w.projectId,
      clientId: w.client.companyId,
      clientName: w.client.companyName,
      direction: 'sent',
      dueDate: due,
      weekEndingDate: '2026-03-07',
      notes: 'First',
      // 12.5 × 12.50 = 156.25; 0.333 × 0.10 = 0.0333 → 0.03
      subtotal: '156.28',
      retainagePercent: 5.25,
      retainage: '8.20',
      released: '0.00',
      due: '148.08',
      paid: '0.00',
      balance: '148.08',
      issuer: { name: w.owner.companyName, remitTo: 'PO Box 1, Austin TX', footerNotes: 'Thank you', paymentTermsDays: 15 },
      moves: ['edit', 'send', 'changeContact', 'cancel'],
    });
    expect(res.body.lines).toEqual([
      expect.objectContaining({ productionId: p1.id, productionItemId: p1.itemIds[0], budgetItemId: w.budgetItems.asphalt, itemName: 'Asphalt', itemCode: 'ASP', unit: 'ton', crewName: 'Owner crew', quantity: '12.5', price: '12.50', amount: '156.25' }),
      expect.objectContaining({ productionItemId: p1.itemIds[1], itemName: 'Labor', quantity: '0.333', price: '0.10', amount: '0.03' }),
    ]);
    const stored = await s.services.db.selectFrom('companies').select('invoice_settings').where('id', '=', w.owner.companyId).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.invoice_settings).nextInvoiceNumber).toBe(42);

    const got = await owner('GET', `/invoices/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    const audit = await s.services.db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'invoice').where('entity_id', '=', String(res.body.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['created']);
  });

  it("takes the budget's retainage when set, a retainage and due date sent, and 'submit' sends at once", async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    await s.services.db.updateTable('budgets').set({ retainage_e3: 33_333 }).where('id', '=', w.budgetId).execute();
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 8000]]);
    const first = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p) });
    // 8 × 12.50 = 100.00, 33.333 % of it 33.33
    expect(first).toMatchObject({ number: 'INV-1', retainagePercent: 33.333, subtotal: '100.00', retainage: '33.33', due: '66.67' });
    await owner('POST', `/invoices/${first.id}/cancelled`, { reason: 'again' });
    const before = await lastNotificationId(s);
    const sent = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p), retainage: '10', dueDate: '2026-12-31', status: 'submit' });
    expect(sent).toMatchObject({ number: 'INV-2', status: 'submit', retainagePercent: 10, retainage: '10.00', dueDate: '2026-12-31' });
    expect(sent.sentAt).not.toBeNull();
    const told = await notificationsSince(s, before);
    expect(told).toEqual([expect.objectContaining({ company_id: w.client.companyId, type: 'invoice', entity_id: String(sent.id), user_id: w.client.user.id, options: { projectId: w.projectId } })]);
  });

  it('lists billable production: approved only, unbilled, the subcontractor its own, plus the items of the invoice being edited', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const sub = call(s, side(w.sub));
    const mine = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000], [w.budgetItems.pipe, 2000]]);
    const theirs = await production(s, w, 'sub', [[w.budgetItems.labor, 5000]]);
    await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]], 'submitted');

    const all = await owner('GET', `/billable-productions/${w.projectId}`);
    expect(all.status).toBe(200);
    // Newest first: the subcontractor's production is a day later.
    expect(all.body.map((p: { id: number }) => p.id)).toEqual([theirs.id, mine.id]);
    expect(all.headers['x-has-more']).toBe('false');
    expect(all.body[1]).toMatchObject({ crewName: 'Owner crew', companyName: w.owner.companyName });
    expect(all.body[1].items[1]).toMatchObject({ id: mine.itemIds[1], itemName: 'Pipe', quantity: '2', price: '999999.99', amount: '1999999.98', onThisInvoice: false });
    const subs = await sub('GET', `/billable-productions/${w.projectId}`);
    expect(subs.body.map((p: { id: number }) => p.id)).toEqual([theirs.id]);

    const invoice = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: [{ id: mine.id, items: [{ id: mine.itemIds[0] }] }] });
    const after = await owner('GET', `/billable-productions/${w.projectId}`);
    expect(after.body[1].items.map((i: { id: number }) => i.id)).toEqual([mine.itemIds[1]]);
    const editing = await owner('GET', `/billable-productions/${w.projectId}?invoiceId=${invoice.id}`);
    expect(editing.body[0].items.map((i: { id: number; onThisInvoice: boolean }) => [i.id, i.onThisInvoice])).toEqual([
      [mine.itemIds[0], true],
      [mine.itemIds[1], false],
    ]);
    // The subcontractor's own invoices are its own: the owner's line does not hide the item from it.
    const subInvoice = await createInvoice(s, side(w.sub), w.sub.companyId, { projectId: w.projectId, productions: billing(theirs) });
    expect(subInvoice).toMatchObject({ clientId: w.owner.companyId, clientName: w.owner.companyName, companyId: w.sub.companyId });
    expect((await owner('GET', `/billable-productions/${w.projectId}`)).body.map((p: { id: number }) => p.id)).toEqual([theirs.id, mine.id]);

    expect((await call(s, side(w.client))('GET', `/billable-productions/${w.projectId}`)).status).toBe(403);
    expect((await call(s, side(w.stranger))('GET', `/billable-productions/${w.projectId}`)).status).toBe(404);
    expect((await sub('GET', `/billable-productions/${w.projectId}?invoiceId=${invoice.id}`)).status).toBe(404);
  });

  it("pages billable production newest first, the edited invoice's productions first, in a date range, telling whether more follow", async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const one: Array<[number, number]> = [[w.budgetItems.asphalt, 1000]];
    // One a day, oldest first; the second has two items.
    const first = await production(s, w, 'owner', one);
    const second = await production(s, w, 'owner', [...one, [w.budgetItems.labor, 1000]]);
    const third = await production(s, w, 'owner', one);
    const fourth = await production(s, w, 'owner', one);
    const fifth = await production(s, w, 'owner', one);
    const editedInvoice = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: [...billing(first), { id: second.id, items: [{ id: second.itemIds[0] }] }] });
    await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(third) });
    const page = async (query: string) => {
      const res = await owner('GET', `/billable-productions/${w.projectId}?${query}`);
      expect(res.status, query).toBe(200);
      return { ids: res.body.map((p: { id: number }) => p.id), more: res.headers['x-has-more'], body: res.body };
    };

    // Billed productions are left out; a partly billed one shows what is left of it.
    expect(await page('_start=0&_end=2')).toMatchObject({ ids: [fifth.id, fourth.id], more: 'true' });
    const last = await page('_start=2&_end=4');
    expect(last).toMatchObject({ ids: [second.id], more: 'false' });
    expect(last.body[0].items.map((i: { id: number }) => i.id)).toEqual([second.itemIds[1]]);
    expect(await page('')).toMatchObject({ ids: [fifth.id, fourth.id, second.id], more: 'false' });
    expect(await page('_start=3&_end=3')).toMatchObject({ ids: [], more: 'false' });
    expect(await page('_start=0&_end=0')).toMatchObject({ ids: [], more: 'true' });

    // Editing: the invoice's own productions first (newest first), then the rest, across pages.
    const editing = await page(`invoiceId=${editedInvoice.id}&_start=0&_end=2`);
    expect(editing).toMatchObject({ ids: [second.id, first.id], more: 'true' });
    expect(editing.body[0].items.map((i: { id: number; onThisInvoice: boolean }) => [i.id, i.onThisInvoice])).toEqual([
      [second.itemIds[0], true],
      [second.itemIds[1], false],
    ]);
    expect(await page(`invoiceId=${editedInvoice.id}&_start=1&_end=3`)).toMatchObject({ ids: [first.id, fifth.id], more: 'true' });
    expect(await page(`invoiceId=${editedInvoice.id}&_start=2&_end=4`)).toMatchObject({ ids: [fifth.id, fourth.id], more: 'false' });

    // A range narrows the others, both days included; the edited invoice's productions stay listed.
    const dates = new Map<number, string>((await page(`invoiceId=${editedInvoice.id}&_end=100`)).body.map((p: { id: number; date: string }) => [p.id, p.date]));
    expect(await page(`date_gte=${dates.get(fourth.id)}&date_lte=${dates.get(fourth.id)}`)).toMatchObject({ ids: [fourth.id], more: 'false' });
    expect(await page(`date_lte=${dates.get(fourth.id)}`)).toMatchObject({ ids: [fourth.id, second.id], more: 'false' });
    expect(await page(`invoiceId=${editedInvoice.id}&date_gte=${dates.get(fifth.id)}`)).toMatchObject({ ids: [second.id, first.id, fifth.id], more: 'false' });
    expect(await page(`date_gte=2999-01-01`)).toMatchObject({ ids: [], more: 'false' });

    for (const bad of ['_start=-1', '_start=abc', '_start=2&_end=1', '_end=2147483648', 'date_gte=2026-02-30', 'date_lte=yesterday', '_start=1&_start=2'])
      expect((await owner('GET', `/billable-productions/${w.projectId}?${bad}`)).status, bad).toBe(400);
  });

  it('refuses bad bodies with 400 and billed items with 409, changing nothing', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]]);
    const draft = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]], 'submitted');
    const subs = await production(s, w, 'sub', [[w.budgetItems.asphalt, 1000]]);
    const url = `/invoices/${w.owner.companyId}`;
    await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p) });
    const before = await storedInvoices(s);
    const cases: Array<[unknown, number, string]> = [
      [{ projectId: w.projectId, productions: [] }, 400, INVOICE_BILLING_MESSAGES.empty],
      [{ projectId: w.projectId }, 400, 'Must be a list of productions'],
      [{ projectId: w.projectId, productions: billing(draft) }, 400, INVOICE_BILLING_MESSAGES.production],
      [{ projectId: w.projectId, productions: [{ id: p.id, items: [{ id: subs.itemIds[0] }] }] }, 400, INVOICE_BILLING_MESSAGES.item],
      [{ projectId: w.projectId, productions: [{ id: subs.id, items: [{ id: subs.itemIds[0], quantity: '1.001' }] }] }, 400, INVOICE_BILLING_MESSAGES.quantity],
      [{ projectId: w.projectId, productions: [{ id: subs.id, items: [{ id: subs.itemIds[0] }, { id: subs.itemIds[0] }] }] }, 400, 'Each item is billed once on an invoice'],
      [{ projectId: w.projectId, productions: billing(subs), retainage: '100.0001' }, 400, 'Percent must be a number from 0 to 100 with at most 3 decimals'],
      [{ projectId: w.projectId, productions: billing(subs), dueDate: '2026-02-30' }, 400, ''],
      [{ projectId: w.projectId, productions: billing(subs), status: 'paid' }, 400, 'Status must be draft or submit'],
      [{ projectId: w.projectId, productions: billing(subs), clientId: w.stranger.companyId }, 400, 'Choose the client of this project'],
      [{ projectId: w.projectId, productions: billing(p) }, 409, INVOICE_BILLING_MESSAGES.billed],
    ];
    for (const [body, status, message] of cases) {
      const res = await owner('POST', url, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await storedInvoices(s)).toEqual(before);
  });

  it('lists sent and received invoices with direction, the default statuses, filters, sorting and X-Total-Count; never the billed side a draft', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const client = call(s, side(w.client));
    const sub = call(s, side(w.sub));
    const make = async (by: 'owner' | 'sub', status: 'draft' | 'submit' = 'draft') => {
      const p = await production(s, w, by, [[w.budgetItems.asphalt, 1000]]);
      const who = by === 'owner' ? w.owner : w.sub;
      return createInvoice(s, side(who), who.companyId, { projectId: w.projectId, productions: billing(p), status });
    };
    const draft = await make('owner');
    const sent = await make('owner', 'submit');
    const cancelled = await make('owner', 'submit');
    await owner('POST', `/invoices/${cancelled.id}/cancelled`, { reason: 'wrong' });
    const subDraft = await make('sub');
    const subSent = await make('sub', 'submit');

    const list = await owner('GET', '/invoices');
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.body.map((r: { id: number; direction: string }) => [r.id, r.direction])).toEqual([
      [subSent.id, 'received'],
      [sent.id, 'sent'],
      [draft.id, 'sent'],
    ]);
    expect(list.body[1]).toMatchObject({ number: sent.number, projectCode: w.project.code, clientName: w.client.companyName, subtotal: '12.50', balance: '12.50', status: 'submit' });
    const everything = await owner('GET', '/invoices?status=draft&status=submit&status=cancelled');
    expect(everything.body.map((r: { id: number }) => r.id)).toEqual([subSent.id, cancelled.id, sent.id, draft.id]);
    expect((await owner('GET', '/invoices?status=cancelled')).body.map((r: { id: number }) => r.id)).toEqual([cancelled.id]);
    expect((await owner('GET', `/invoices?companyId=${w.sub.companyId}`)).body.map((r: { id: number }) => r.id)).toEqual([subSent.id]);
    expect((await owner('GET', `/invoices?number_like=${encodeURIComponent(draft.number)}&_sort=number`)).body.map((r: { id: number }) => r.id)).toEqual([draft.id]);
    expect((await owner('GET', `/invoices?clientName_like=${encodeURIComponent(w.client.companyName.slice(0, 6))}&_sort=createdAt&_order=asc`)).body.map((r: { id: number }) => r.id)).toEqual([draft.id, sent.id]);
    const paged = await owner('GET', '/invoices?_start=1&_end=2&_sort=createdAt&_order=asc');
    expect(paged.headers['x-total-count']).toBe('3');
    expect(paged.body.map((r: { id: number }) => r.id)).toEqual([sent.id]);
    expect((await owner('GET', `/invoices?projectId=${w.projectId}&dueDate_gte=2000-01-01`)).headers['x-total-count']).toBe('3');
    expect((await owner('GET', '/invoices?_sort=balance')).status).toBe(400);
    expect((await owner('GET', '/invoices?nope=1')).status).toBe(400);

    // The client sees the owner's sent invoice (not the draft, nor the cancelled one it was sent), the sub its own.
    const clientList = await client('GET', '/invoices?status=draft&status=submit&status=cancelled');
    expect(clientList.body.map((r: { id: number; direction: string }) => [r.id, r.direction])).toEqual([
      [cancelled.id, 'received'],
      [sent.id, 'received'],
    ]);
    expect((await client('GET', `/invoices/${draft.id}`)).status).toBe(404);
    expect((await client('GET', `/invoices/${sent.id}`)).body).toMatchObject({ direction: 'received', moves: ['approve', 'reject'] });
    expect((await sub('GET', '/invoices')).body.map((r: { id: number }) => r.id)).toEqual([subSent.id, subDraft.id]);
    expect((await sub('GET', `/invoices/${sent.id}`)).status).toBe(404);
    expect((await call(s, side(w.stranger))('GET', '/invoices')).body).toEqual([]);
  });
});
