import { as, changeOrderToken, changeOrderWorld, clientWithoutMembers, mailsTo, publicUrl, stored } from './change-orders-helpers.js';
import { describeEachDatabase, multipart, TINY_PNG } from './harness.js';
import { pdfText } from './pdf-text.js';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describeEachDatabase('change orders: decisions recorded on the client’s behalf, platform clients, the PDF', (server) => {
  it('records a decision received outside the product, with its proof, who said it and who recorded it; the price applies once', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const contact = await clientWithoutMembers(s, w);
    const owner = as(s, w.owner.owner);
    const created = await owner('POST', w.url, { itemId: w.items.pipe, quantity: 44, price: '101.00' });
    await owner('POST', `${w.url}/${created.body.id}/send`, { price: '101.00' });
    const token = changeOrderToken((await mailsTo(s, contact.email))[0]!.text_body);
    const url = `${w.url}/${created.body.id}/decision`;

    const before = await stored(s, w.budgetId);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const body of [
      {},
      { decision: 'approved', decidedByName: 'Dana', decidedAt: yesterday() },
      { decision: 'accepted', decidedByName: ' ', decidedAt: yesterday() },
      { decision: 'accepted', decidedByName: 'Dana', decidedAt: future },
      { decision: 'accepted', decidedByName: 'Dana', decidedAt: 'last week' },
      { decision: 'sent_back', decidedByName: 'Dana', decidedAt: yesterday() },
      { decision: 'accepted', decidedByName: 'Dana', decidedAt: yesterday(), decidedByEmail: 'not-mail' },
    ]) {
      const res = await owner('POST', url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // Not the issuer's to record: a plain member of the owner (403), the outsider (404).
    const plain = await w.owner.member('Member');
    expect((await as(s, plain)('POST', url, { decision: 'accepted', decidedByName: 'Dana', decidedAt: yesterday() })).status).toBe(403);
    expect((await as(s, w.outsider.owner)('POST', url, { decision: 'accepted', decidedByName: 'Dana', decidedAt: yesterday() })).status).toBe(404);
    expect(await stored(s, w.budgetId)).toEqual(before);

    const form = multipart({ decision: 'accepted', decidedByName: 'Dana Director', decidedByEmail: 'dana@client-utilities.example', decidedAt: yesterday() }, { name: 'signed-paper.png', type: 'image/png', bytes: TINY_PNG });
    const res = await s.call('POST', url, { token: w.owner.owner.token, headers: { ...w.owner.owner.headers, ...form.headers }, body: form.body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', previousQuantity: 40, previousPrice: '99.99', turn: null, moves: [] });
    const [decision] = res.body.decisions;
    expect(decision).toMatchObject({ decision: 'accepted', channel: 'recorded', decidedByName: 'Dana Director', decidedByEmail: 'dana@client-utilities.example', decidedAt: `${yesterday()}T12:00:00.000Z` });
    expect(decision.recordedByName).toEqual(expect.any(String));
    expect(decision.file).toMatchObject({ filename: 'signed-paper.png', url: expect.stringContaining('/api/v1/') });
    const item = await s.services.db.selectFrom('budget_items').select(['quantity', 'price_cents']).where('id', '=', w.items.pipe).executeTakeFirstOrThrow();
    expect(item).toEqual({ quantity: 44, price_cents: 10100 });
    const audit = await s.services.db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'change_order').where('action', '=', 'accepted').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: w.owner.owner.userId, company_id: w.owner.companyId });
    expect(JSON.parse(audit.changes)).toMatchObject({ decidedBy: { to: 'Dana Director <dana@client-utilities.example>' }, via: { to: 'Recorded on the client’s behalf' } });

    // Decided another way: the mailed link dies, and a second recording is a 409 that applies nothing.
    expect((await s.call('GET', publicUrl(token))).status).toBe(410);
    const again = await owner('POST', url, { decision: 'accepted', decidedByName: 'Dana', decidedAt: yesterday() });
    expect(again.status).toBe(409);
    expect(await s.services.db.selectFrom('budget_items').select(['quantity', 'price_cents']).where('id', '=', w.items.pipe).executeTakeFirstOrThrow()).toEqual(item);

    // The PDF says who decided and how.
    const pdf = await s.app.inject({ method: 'GET', url: `${w.url}/${created.body.id}/pdf`, headers: { authorization: `Bearer ${w.owner.owner.token}`, ...w.owner.owner.headers } });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Status: Accepted');
    expect(text).toMatch(/Accepted by Dana Director <dana@client-utilities\.example>, recorded on the client.s behalf by /);
  });

  it('records a send-back with its message as JSON', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    await clientWithoutMembers(s, w);
    const owner = as(s, w.owner.owner);
    const created = await owner('POST', w.url, { itemId: w.items.asphalt, quantity: 90 });
    await owner('POST', `${w.url}/${created.body.id}/send`, { price: '12.50' });
    const res = await owner('POST', `${w.url}/${created.body.id}/decision`, { decision: 'sent_back', decidedByName: 'Dana Director', decidedAt: new Date(Date.now() - 60_000).toISOString(), reason: 'Quantity is 95' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', message: 'Quantity is 95', turn: { waitingOn: 'issuer' }, moves: ['edit', 'send', 'changeContact', 'delete'] });
    expect(res.body.decisions[0]).toMatchObject({ decision: 'sent_back', channel: 'recorded', reason: 'Quantity is 95', file: null });
  });

  it('mails a platform client’s known contact too, while its people still decide signed in; the PDF is for both sides only', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const email = `pm.${Math.random().toString(36).slice(2, 10)}@client.example`;
    await s.services.db.updateTable('companies').set({ contact_email: email, contact_name: null }).where('id', '=', w.client.companyId).execute();
    const owner = as(s, w.owner.owner);
    const client = as(s, w.client.owner);
    const created = await owner('POST', w.url, { itemId: w.items.asphalt, quantity: 101 });
    expect(created.body).toMatchObject({ contact: { email, name: null }, contactRequired: false });
    await owner('POST', `${w.url}/${created.body.id}/send`, { price: '12.50' });
    const token = changeOrderToken((await mailsTo(s, email))[0]!.text_body);
    const seen = (await client('GET', w.url)).body[0];
    expect(seen).toMatchObject({ canDecide: true, moves: ['accept', 'sendBack'], turn: { waitingOn: 'client', partyName: 'Client Utilities' } });

    for (const who of [w.owner.owner, w.client.owner]) {
      const pdf = await s.app.inject({ method: 'GET', url: `${w.url}/${created.body.id}/pdf`, headers: { authorization: `Bearer ${who.token}`, ...who.headers } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-disposition']).toBe('attachment; filename="ChangeOrder_MAIN_1.pdf"');
    }
    expect((await as(s, w.outsider.owner)('GET', `${w.url}/${created.body.id}/pdf`)).status).toBe(404);
    // The client's people may not record, resend or change the contact: those are the issuer's.
    for (const [method, path, body] of [['POST', 'resend', undefined], ['PATCH', 'contact', { contactEmail: email }], ['POST', 'decision', { decision: 'accepted', decidedByName: 'X', decidedAt: yesterday() }]] as const) {
      expect((await client(method, `${w.url}/${created.body.id}/${path}`, body)).status).toBe(403);
    }

    const accepted = await client('POST', `${w.url}/${created.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.decisions[0]).toMatchObject({ channel: 'member', decision: 'accepted', decidedByEmail: expect.stringContaining('@') });
    expect((await s.call('POST', publicUrl(token, 'accept'), { body: {} })).status).toBe(410);
  });
});
