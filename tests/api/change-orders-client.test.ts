import { issueDocumentLink } from '../../server/lib/document-links.js';
import { as, changeOrderToken, changeOrderWorld, clientWithoutMembers, mailsTo, publicUrl, stored, type World } from './change-orders-helpers.js';
import { describeEachDatabase, multipart, TINY_PNG, type TestServer } from './harness.js';
import { pdfText } from './pdf-text.js';

const REFUSED = 'This link no longer works: it was used, it expired, or a newer one was sent. Ask the sender for a new link.';
const refusal = { error: { statusCode: 410, message: REFUSED, code: 'LINK_USED' }, statusCode: 410, message: REFUSED };

const itemOf = (s: TestServer, id: number) => s.services.db.selectFrom('budget_items').select(['quantity', 'price_cents']).where('id', '=', id).executeTakeFirstOrThrow();

/** A draft change order made and sent by the owner (120 × $13.00 on the asphalt, 100 × $12.50 now by default); answers it and the link mailed to `email`. */
async function sent(s: TestServer, w: World, email: string, body: { itemId: number; quantity: number; price: string } = { itemId: w.items.asphalt, quantity: 120, price: '13.00' }) {
  const owner = as(s, w.owner.owner);
  const created = await owner('POST', w.url, body);
  expect(created.status).toBe(201);
  const res = await owner('POST', `${w.url}/${created.body.id}/send`, { price: body.price });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mails = await mailsTo(s, email);
  return { co: res.body, token: changeOrderToken(mails.at(-1)!.text_body), mails };
}

const open = (s: TestServer, token: string, action = '', body?: unknown) => s.call(action ? 'POST' : 'GET', publicUrl(token, action), body === undefined ? {} : { body });

describeEachDatabase('change orders decided through a link', (server) => {
  it('asks for a drawn signature to accept when the issuer asks for one: unsigned is refused and changes nothing, signed applies the price once', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const contact = await clientWithoutMembers(s, w);
    const owner = as(s, w.owner.owner);
    const company = await owner('GET', `/api/v1/companies/${w.owner.companyId}`);
    expect((await owner('POST', `/api/v1/companies/${w.owner.companyId}/invoice`, { ...company.body.invoiceSettings, clientSignature: true })).status).toBe(200);
    const { co, token } = await sent(s, w, contact.email);
    expect((await open(s, token)).body.signatureRequired).toBe(true);
    const before = await stored(s, w.budgetId);
    const unsigned = await open(s, token, 'accept', { name: 'Casey' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.details).toEqual([{ field: 'file', message: 'Draw your signature to approve' }]);
    expect(await stored(s, w.budgetId)).toEqual(before);
    const signed = multipart({ type: 'signature', name: 'Casey Controller' }, { name: 'signature.png', type: 'image/png', bytes: TINY_PNG });
    const accepted = await s.call('POST', publicUrl(token, 'accept'), { headers: signed.headers, body: signed.body });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', decision: 'accepted', decidedByName: 'Casey Controller' });
    expect(await itemOf(s, w.items.asphalt)).toEqual({ quantity: 120, price_cents: 1300 });
    const list = await owner('GET', w.url);
    const decided = list.body.find((c: { id: number }) => c.id === co.id);
    expect(decided.decisions[0]).toMatchObject({ channel: 'link', decidedByName: 'Casey Controller', file: { filename: 'signature.png' } });
    expect((await s.call('POST', publicUrl(token, 'accept'), { headers: signed.headers, body: signed.body })).status).toBe(410);
  });

  it('mails a client without members the PDF and a link; accepted there without login, the item changes once', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const contact = await clientWithoutMembers(s, w);
    const owner = as(s, w.owner.owner);
    const draft = await owner('POST', w.url, { itemId: w.items.asphalt, quantity: 120, price: '13.00' });
    expect(draft.body).toMatchObject({ contact, contactRequired: true, turn: null, decisions: [], moves: ['edit', 'send', 'changeContact', 'delete'], canDecide: false });

    const res = await owner('POST', `${w.url}/${draft.body.id}/send`, { price: '13.00' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sent', turn: { waitingOn: 'client', partyName: 'Client Utilities', contactEmail: contact.email }, moves: ['resend', 'changeContact', 'recordDecision'] });
    expect(Math.abs(Date.parse(res.body.turn.sentAt) - Date.parse(res.body.sentAt))).toBeLessThan(5000);
    const mails = await mailsTo(s, contact.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Change order #1 for Project MAIN: your decision');
    expect(mails[0]!.text_body).toContain('the amount changes by +$310.00');
    expect(mails[0]!.attachments).toEqual([{ file_id: expect.any(Number), filename: 'ChangeOrder_MAIN_1.pdf' }]);
    const file = await s.services.db.selectFrom('files').selectAll().where('id', '=', mails[0]!.attachments[0]!.file_id).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ entity_type: 'change_order', entity_id: String(draft.body.id), type: 'sent-pdf', company_id: w.owner.companyId, content_type: 'application/pdf' });
    const token = changeOrderToken(mails[0]!.text_body);

    const view = await open(s, token);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      number: 1,
      status: 'sent',
      issuer: { name: 'Owner Paving' },
      clientName: 'Client Utilities',
      project: { code: 'MAIN' },
      item: { name: 'Asphalt', unit: 'ft' },
      before: { quantity: 100, price: '12.50', amount: '1250.00' },
      after: { quantity: 120, price: '13.00', amount: '1560.00' },
      amountChange: '310.00',
      contactEmail: contact.email,
      contactName: contact.name,
      pdfUrl: `/api/v1/public/change-orders/${token}/pdf`,
    });
    const pdf = await s.app.inject({ method: 'GET', url: publicUrl(token, 'pdf') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    for (const expected of ['Change order #1', 'Project code: MAIN', 'Company: Owner Paving', 'Client: Client Utilities', 'Item: Asphalt', '$1,250.00', '$1,560.00', '+$310.00', 'Status: Sent', `Requested of: Client Utilities (Alex Payable <${contact.email}>)`]) {
      expect(text, expected).toContain(expected);
    }

    const accepted = await open(s, token, 'accept', { name: 'Alex P. Payable' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ number: 1, status: 'accepted', decision: 'accepted', decidedByName: 'Alex P. Payable', issuerName: 'Owner Paving', reason: null });
    expect(await itemOf(s, w.items.asphalt)).toEqual({ quantity: 120, price_cents: 1300 });

    // The same link again, as a second tap or a replay: refused alike, nothing changes.
    const after = await stored(s, w.budgetId);
    for (const again of [await open(s, token, 'accept', {}), await open(s, token, 'send-back', { reason: 'No' }), await open(s, token)]) {
      expect(again.status).toBe(410);
      expect(again.body).toEqual(refusal);
    }
    expect((await s.call('GET', publicUrl(token, 'pdf'))).status).toBe(410);
    expect(await stored(s, w.budgetId)).toEqual(after);

    const listed = (await owner('GET', w.url)).body[0];
    expect(listed).toMatchObject({ status: 'accepted', previousQuantity: 100, previousPrice: '12.50', turn: null, moves: [] });
    expect(listed.decisions).toEqual([
      expect.objectContaining({ decision: 'accepted', channel: 'link', decidedByName: 'Alex P. Payable', decidedByEmail: contact.email, recordedByName: null, reason: null, file: null }),
    ]);
    const audit = await s.services.db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'change_order').where('action', '=', 'accepted').where('company_id', '=', w.owner.companyId).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: null, company_id: w.owner.companyId });
    expect(JSON.parse(audit.changes)).toMatchObject({ status: { from: 'sent', to: 'accepted' }, decidedBy: { to: `Alex P. Payable <${contact.email}>` }, via: { to: 'Through the e-mailed link' } });
    const note = await s.services.db.selectFrom('notifications').select('description').where('company_id', '=', w.owner.companyId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(note.description).toBe('Change order #1 on Asphalt (MAIN) was accepted by Alex P. Payable');
  });

  it('sends back through the link with the message kept; sent again, only the new link works', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const contact = await clientWithoutMembers(s, w);
    const owner = as(s, w.owner.owner);
    const { co, token } = await sent(s, w, contact.email);
    const before = await stored(s, w.budgetId);
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(2001) }, { reason: 'ok', extra: 1 }]) {
      expect((await open(s, token, 'send-back', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await stored(s, w.budgetId)).toEqual(before);

    const back = await open(s, token, 'send-back', { reason: 'Use the 2025 unit price' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'rejected', decision: 'sent_back', decidedByName: contact.name, reason: 'Use the 2025 unit price' });
    expect(await itemOf(s, w.items.asphalt)).toEqual({ quantity: 100, price_cents: 1250 });
    const listed = (await owner('GET', w.url)).body[0];
    expect(listed).toMatchObject({ message: 'Use the 2025 unit price', turn: { waitingOn: 'issuer', partyName: 'Owner Paving' } });
    expect(listed.decisions[0]).toMatchObject({ decision: 'sent_back', channel: 'link', reason: 'Use the 2025 unit price' });

    const again = await owner('POST', `${w.url}/${co.id}/send`, { price: '12.75' });
    expect(again.status).toBe(200);
    const mails = await mailsTo(s, contact.email);
    expect(mails).toHaveLength(2);
    const fresh = changeOrderToken(mails[1]!.text_body);
    expect(fresh).not.toBe(token);
    expect((await open(s, token)).status).toBe(410);
    expect((await open(s, fresh)).body).toMatchObject({ after: { quantity: 120, price: '12.75' } });
  });

  it('refuses a used, replaced, expired, foreign or forged link alike, changing nothing', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const contact = await clientWithoutMembers(s, w);
    const owner = as(s, w.owner.owner);
    const first = await sent(s, w, contact.email);
    const second = await sent(s, w, contact.email, { itemId: w.items.pipe, quantity: 41, price: '99.99' });
    // Mailed again: the first link is replaced by a fresh one.
    const resent = await owner('POST', `${w.url}/${first.co.id}/resend`);
    expect(resent.status).toBe(200);
    const mails = await mailsTo(s, contact.email);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.text_body).toContain('This replaces the link sent earlier');
    const replaced = first.token;
    // Expired: the second change order's link is past its time.
    await s.services.db.updateTable('document_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('entity_id', '=', second.co.id).where('entity_type', '=', 'change_order').execute();
    // Foreign: a live link of another kind (an invoice's) for the same id.
    const invoiceLink = await issueDocumentLink(s.services.db, { companyId: w.owner.companyId, kind: 'invoice', entityId: first.co.id, contactEmail: contact.email, contactName: null, createdBy: null });
    const before = await stored(s, w.budgetId);
    const links = await s.services.db.selectFrom('document_links').selectAll().orderBy('id').execute();
    for (const token of [replaced, second.token, invoiceLink.token, 'A'.repeat(43), 'x', `${changeOrderToken(mails[2]!.text_body)}x`, 'y'.repeat(100)]) {
      for (const [action, body] of [['', undefined], ['accept', {}], ['send-back', { reason: 'No' }]] as const) {
        const res = await open(s, token, action, body);
        expect(res.status, `${action} ${token}`).toBe(410);
        expect(res.body).toEqual(refusal);
      }
      expect((await s.call('GET', publicUrl(token, 'pdf'))).status).toBe(410);
    }
    expect(await stored(s, w.budgetId)).toEqual(before);
    expect(await s.services.db.selectFrom('document_links').selectAll().orderBy('id').execute()).toEqual(links);
    // The link sent last still works.
    expect((await open(s, changeOrderToken(mails[2]!.text_body))).status).toBe(200);
  });

  it('needs the e-mail of a client typed on the project; it then gets the link, and a project without a client mails nobody', async () => {
    const s = server();
    const w = await changeOrderWorld(s, { client: false, parent: false });
    const owner = as(s, w.owner.owner);
    const clerk = `clerk.${Math.random().toString(36).slice(2, 10)}@sunset.example`;
    // A project of the owner's own: decided by the owner signed in, as before, and no mail.
    const mailsBefore = await s.services.db.selectFrom('mail_outbox').select('id').execute();
    const own = await owner('POST', w.url, { itemId: w.items.asphalt });
    const ownSent = await owner('POST', `${w.url}/${own.body.id}/send`, { price: '12.50' });
    expect(ownSent.body).toMatchObject({ status: 'sent', contact: null, contactRequired: false, turn: { waitingOn: 'issuer', partyName: 'Owner Paving' }, moves: ['accept', 'sendBack'] });
    expect(await s.services.db.selectFrom('mail_outbox').select('id').execute()).toEqual(mailsBefore);

    await s.services.db.updateTable('projects').set({ client_name: 'City of Sunset Valley' }).where('id', '=', w.projectId).execute();
    const typed = await owner('POST', w.url, { itemId: w.items.pipe, quantity: 45 });
    expect(typed.body).toMatchObject({ contact: null, contactRequired: true, moves: ['edit', 'send', 'changeContact', 'delete'] });
    const before = await stored(s, w.budgetId);
    const refused = await owner('POST', `${w.url}/${typed.body.id}/send`, { price: '99.99' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'NO_CONTACT', message: 'Add the client contact’s e-mail before sending' });
    expect(await stored(s, w.budgetId)).toEqual(before);

    for (const body of [{}, { contactEmail: 'not-mail' }, { contactEmail: clerk, extra: true }]) {
      expect((await owner('PATCH', `${w.url}/${typed.body.id}/contact`, body)).status).toBe(400);
    }
    const changed = await owner('PATCH', `${w.url}/${typed.body.id}/contact`, { contactEmail: clerk, contactName: 'Sam Clerk' });
    expect(changed.status).toBe(200);
    expect(changed.body.contact).toEqual({ email: clerk, name: 'Sam Clerk' });
    const res = await owner('POST', `${w.url}/${typed.body.id}/send`, { price: '99.99' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ turn: { waitingOn: 'client', partyName: 'City of Sunset Valley', contactEmail: clerk }, moves: ['resend', 'changeContact', 'recordDecision'] });
    const token = changeOrderToken((await mailsTo(s, clerk))[0]!.text_body);
    expect((await open(s, token)).body).toMatchObject({ clientName: 'City of Sunset Valley', after: { quantity: 45, price: '99.99' } });
    // The owner may still accept signed in, as before; kept as a decision signed in, and the link dies with it.
    const accepted = await owner('POST', `${w.url}/${typed.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.decisions[0]).toMatchObject({ channel: 'member', decision: 'accepted', recordedByName: expect.any(String) });
    expect((await open(s, token)).status).toBe(410);
  });
});
