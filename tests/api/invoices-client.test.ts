import { CLIENT_DECISION_MESSAGES } from '../../resources/client-decision.js';
import { INVOICE_BILLING_MESSAGES } from '../../resources/invoice.js';
import { hashToken } from '../../server/lib/tokens.js';
import { call, lastNotificationId, notificationsSince, side } from './budgets-helpers.js';
import { describeEachDatabase, multipart, TINY_PNG, type TestServer } from './harness.js';
import { mailTo, memberlessClient, tokenIn } from './invoices-client-helpers.js';
import { billing, createInvoice, invoiceWorld, production, storedInvoices, type InvoiceWorld } from './invoices-helpers.js';
import { API } from './project-helpers.js';

/** The client contact's side: no session, only the link. */
const anon = (s: TestServer) => (method: 'GET' | 'POST', path: string, body?: unknown) => s.call(method, `${API}${path}`, body === undefined ? {} : { body });

async function draft(s: TestServer, w: InvoiceWorld, quantityE3 = 8000) {
  const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, quantityE3]]);
  return createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p), retainage: 0 });
}

/** Everything a refused link must leave as it was: invoices and their rows, decisions, links, mail. */
async function everything(s: TestServer) {
  const db = s.services.db;
  return {
    ...(await storedInvoices(s)),
    decisions: await db.selectFrom('document_decisions').selectAll().orderBy('id').execute(),
    links: await db.selectFrom('document_links').selectAll().orderBy('id').execute(),
    mail: (await db.selectFrom('mail_outbox').select('id').execute()).length,
  };
}

/** A client company nobody can sign in for, whose contact is known nowhere: not on the partnership, the company or the project. */
async function contactlessClient(s: TestServer, w: InvoiceWorld) {
  const { companyId } = await memberlessClient(s, w);
  const db = s.services.db;
  await db.updateTable('projects').set({ client_email: null }).where('id', '=', w.projectId).execute();
  await db.updateTable('partnerships').set({ contact_email: null }).where('partner_company_id', '=', companyId).execute();
  await db.updateTable('companies').set({ contact_email: null }).where('id', '=', companyId).execute();
}

describeEachDatabase('invoices decided by a client without an account', (server) => {
  it('goes draft → sent (mail with the PDF and the link) → approved through the link → partially paid → paid, recorded by the issuer', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const { email: ap } = await memberlessClient(s, w);
    const owner = call(s, side(w.owner));
    const invoice = await draft(s, w);
    expect(invoice).toMatchObject({ contact: { email: ap, name: 'Jane Roe' }, contactRequired: true, turn: null });

    const sent = await owner('PATCH', `/invoices/${invoice.id}/send`);
    expect(sent.body).toMatchObject({ status: 'submit', moves: ['resend', 'changeContact', 'recordDecision', 'cancel'] });
    expect(sent.body.turn).toMatchObject({ waitingOn: 'client', partyName: 'Hill Country Power', contactEmail: ap });
    const [mail, ...more] = await mailTo(s, ap);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Invoice ${invoice.number} from Owner Paving`);
    expect(mail!.text_body).toContain('$100.00');
    expect(mail!.html_body).toContain('reject it');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ filename: `Invoice_${invoice.number}.pdf`, content_type: 'application/pdf', type: 'sent-pdf' });
    expect(mail!.attachments[0]!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const token = tokenIn(mail!.text_body);
    expect(mail!.text_body).toContain(`http://fieldwork.test/app/decide/invoice/${token}`);

    const page = await anon(s)('GET', `/public/invoices/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      number: invoice.number,
      status: 'submit',
      issuer: { name: 'Owner Paving' },
      clientName: 'Hill Country Power',
      project: { name: 'Main Street Fiber' },
      subtotal: '100.00',
      due: '100.00',
      lineCount: 1,
      contactEmail: ap,
      pdfUrl: `/api/v1/public/invoices/${token}/pdf`,
    });
    expect(page.body.lines).toHaveLength(1);
    const pdf = await s.app.inject({ method: 'GET', url: page.body.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect(pdf.rawPayload.equals(mail!.attachments[0]!.bytes)).toBe(true);

    const mark = await lastNotificationId(s);
    const approved = await anon(s)('POST', `/public/invoices/${token}/approve`, { name: 'Jane Q. Roe' });
    expect(approved.body).toEqual({ number: invoice.number, status: 'unpaid', decision: 'approved', decidedByName: 'Jane Q. Roe', issuerName: 'Owner Paving' });
    expect((await notificationsSince(s, mark)).map((n) => n.company_id)).toContain(w.owner.companyId);

    const read = await owner('GET', `/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ status: 'unpaid', turn: { waitingOn: 'issuer', partyName: 'Owner Paving' }, moves: ['recordPayment', 'markPaid', 'cancel'] });
    expect(read.body.decisions).toEqual([expect.objectContaining({ decision: 'approved', channel: 'link', decidedByName: 'Jane Q. Roe', decidedByEmail: ap, recordedByName: null, file: null })]);

    const part = await owner('POST', `/invoices/${invoice.id}/transaction`, { amount: '40.00', method: 'check', reference: 'CHK 118', paidOn: '2026-02-01' });
    expect(part.body).toMatchObject({ status: 'partially_paid', paid: '40.00', balance: '60.00' });
    expect(part.body.transactions).toEqual([
      expect.objectContaining({ amount: '40.00', method: 'check', reference: 'CHK 118', createdBy: w.owner.user.name, recordedByCompany: 'Owner Paving' }),
    ]);
    const full = await owner('POST', `/invoices/${invoice.id}/paid/paid`, { method: 'ach' });
    expect(full.body).toMatchObject({ status: 'paid', balance: '0.00', turn: null, moves: [] });
    expect(full.body.transactions[1]).toMatchObject({ amount: '60.00', method: 'ach' });

    const actions = (await owner('GET', `/invoices/${invoice.id}/activity`)).body.map((a: { action: string }) => a.action);
    expect(actions).toEqual([
      'payment of $60.00 recorded by Owner Paving: paid in full',
      'payment of $40.00 recorded by Owner Paving',
      `approved by Jane Q. Roe (${ap}) through the e-mailed link`,
      'sent',
      'created',
    ]);
    const sentEvent = (await owner('GET', `/invoices/${invoice.id}/activity`)).body.find((a: { action: string }) => a.action === 'sent');
    expect(sentEvent.changes.contact).toEqual({ from: null, to: `Jane Roe <${ap}>` });
  });

  it('rejects through the link with the reason kept and shown to the issuer; no reason is a 400 that changes nothing', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const { email: ap } = await memberlessClient(s, w);
    const invoice = await draft(s, w);
    await call(s, side(w.owner))('PATCH', `/invoices/${invoice.id}/send`);
    const token = tokenIn((await mailTo(s, ap))[0]!.text_body);
    const before = await everything(s);
    expect((await anon(s)('POST', `/public/invoices/${token}/reject`, { reason: '  ' })).body.error.message).toContain(INVOICE_BILLING_MESSAGES.reason);
    expect(await everything(s)).toEqual(before);
    const rejected = await anon(s)('POST', `/public/invoices/${token}/reject`, { reason: 'Wrong week' });
    expect(rejected.body).toMatchObject({ status: 'rejected', decision: 'rejected', decidedByName: 'Jane Roe' });
    const read = await call(s, side(w.owner))('GET', `/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ status: 'rejected', rejectReason: 'Wrong week', turn: { waitingOn: 'issuer' }, moves: ['edit', 'send', 'changeContact', 'cancel'] });
    expect(read.body.decisions[0]).toMatchObject({ decision: 'rejected', channel: 'link', reason: 'Wrong week' });
  });

  it('refuses a used, expired, revoked, forged or change-order link alike with 410, changing nothing', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const { email: ap } = await memberlessClient(s, w);
    const owner = call(s, side(w.owner));
    const used = await draft(s, w);
    await owner('PATCH', `/invoices/${used.id}/send`);
    const usedToken = tokenIn((await mailTo(s, ap))[0]!.text_body);
    await anon(s)('POST', `/public/invoices/${usedToken}/approve`, {});

    const expiring = await draft(s, w);
    await owner('PATCH', `/invoices/${expiring.id}/send`);
    const expiredToken = tokenIn((await mailTo(s, ap))[1]!.text_body);
    await s.services.db.updateTable('document_links').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('token_hash', '=', hashToken(expiredToken)).execute();

    const resent = await draft(s, w);
    await owner('PATCH', `/invoices/${resent.id}/send`);
    const revokedToken = tokenIn((await mailTo(s, ap))[2]!.text_body);
    const again = await owner('POST', `/invoices/${resent.id}/resend`);
    expect(again.status).toBe(200);
    const mails = await mailTo(s, ap);
    expect(mails).toHaveLength(4);
    const freshToken = tokenIn(mails[3]!.text_body);
    expect(mails[3]!.text_body).toContain('no longer works');
    expect(mails[3]!.attachments[0]!.bytes.equals(mails[2]!.attachments[0]!.bytes)).toBe(true);
    expect((await owner('GET', `/invoices/${resent.id}/activity`)).body[0].action).toBe(`sent again to ${ap}`);

    const coToken = 'change-order-token-of-forty-three-characters';
    await s.services.db
      .insertInto('document_links')
      .values({ company_id: w.owner.companyId, entity_type: 'change_order', entity_id: resent.id, token_hash: hashToken(coToken), contact_email: ap, contact_name: null, expires_at: '2999-01-01T00:00:00.000Z', used_at: null, revoked_at: null, created_by: null, created_at: new Date().toISOString() })
      .execute();

    const before = await everything(s);
    const refusals = [];
    for (const token of [usedToken, expiredToken, revokedToken, coToken, 'forged-token-forged-token-forged-token-0000', 'x']) {
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['GET', '/pdf', undefined],
        ['POST', '/approve', {}],
        ['POST', '/reject', { reason: 'no' }],
      ] as const) {
        const res = await anon(s)(method, `/public/invoices/${token}${path}`, body);
        refusals.push([res.status, res.body?.error?.message ?? res.body]);
      }
    }
    expect(new Set(refusals.map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify([410, CLIENT_DECISION_MESSAGES.linkRefused])]));
    expect(await everything(s)).toEqual(before);
    expect((await anon(s)('GET', `/public/invoices/${freshToken}`)).status).toBe(200);
  });

  it("records a decision received outside the product, with its proof, in the decisions and the trail; the mailed link dies", async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const { email: ap } = await memberlessClient(s, w);
    const owner = call(s, side(w.owner));
    const invoice = await draft(s, w);
    expect((await owner('POST', `/invoices/${invoice.id}/approve`)).status).toBe(403);
    await owner('PATCH', `/invoices/${invoice.id}/send`);
    const token = tokenIn((await mailTo(s, ap))[0]!.text_body);
    const before = await everything(s);
    for (const bad of [{ decision: 'rejected', decidedByName: 'Sam', decidedAt: '2026-01-05' }, { decision: 'approved', decidedByName: ' ', decidedAt: '2026-01-05' }, { decision: 'approved', decidedByName: 'Sam', decidedAt: '2999-01-01' }]) {
      expect((await owner('POST', `/invoices/${invoice.id}/decision`, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(s, side(w.stranger))('POST', `/invoices/${invoice.id}/decision`, { decision: 'approved', decidedByName: 'Sam', decidedAt: '2026-01-05' })).status).toBe(404);
    expect(await everything(s)).toEqual(before);

    const proof = multipart({ decision: 'approved', decidedByName: 'Sam Clerk', decidedByEmail: 'sam@hcp.example', decidedAt: '2026-01-05' }, { name: 'signed.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%signed paper\n') });
    const res = await s.call('POST', `${API}/invoices/${invoice.id}/decision`, { token: w.owner.token, headers: { ...w.owner.headers, ...proof.headers }, body: proof.body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'unpaid', moves: ['recordPayment', 'markPaid', 'cancel'] });
    expect(res.body.decisions[0]).toMatchObject({ decision: 'approved', channel: 'recorded', decidedByName: 'Sam Clerk', decidedByEmail: 'sam@hcp.example', recordedByName: w.owner.user.name });
    expect(res.body.decisions[0].decidedAt.slice(0, 10)).toBe('2026-01-05');
    expect(res.body.decisions[0].file).toMatchObject({ filename: 'signed.pdf' });
    const activity = (await owner('GET', `/invoices/${invoice.id}/activity`)).body;
    expect(activity[0]).toMatchObject({ action: `approval recorded on the client's behalf: said by Sam Clerk (sam@hcp.example) on Jan 5, 2026, recorded by ${w.owner.user.name}, with file` });
    expect((await anon(s)('GET', `/public/invoices/${token}`)).status).toBe(410);
  });

  it('needs a contact to send when nobody at the client can sign in; the contact changes before sending', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    await contactlessClient(s, w);
    const owner = call(s, side(w.owner));
    const invoice = await draft(s, w);
    expect(invoice).toMatchObject({ contact: null, contactRequired: true });
    const before = await everything(s);
    const refused = await owner('PATCH', `/invoices/${invoice.id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CLIENT_DECISION_MESSAGES.noContact);
    expect(await everything(s)).toEqual(before);
    expect((await owner('PATCH', `/invoices/${invoice.id}/contact`, { contactEmail: 'not-mail' })).status).toBe(400);
    expect((await call(s, side(w.client))('PATCH', `/invoices/${invoice.id}/contact`, { contactEmail: 'x@y.example' })).status).toBe(404);
    const changed = await owner('PATCH', `/invoices/${invoice.id}/contact`, { contactEmail: 'billing@hcp.example', contactName: 'Billing' });
    expect(changed.body).toMatchObject({ contact: { email: 'billing@hcp.example', name: 'Billing' } });
    expect((await owner('PATCH', `/invoices/${invoice.id}/send`)).status).toBe(200);
    expect(await mailTo(s, 'billing@hcp.example')).toHaveLength(1);
    expect((await owner('GET', `/invoices/${invoice.id}/activity`)).body.map((a: { action: string }) => a.action)).toEqual(['sent', 'client contact changed', 'created']);
  });

  it('is created and sent at once to the contact typed on the new invoice; a malformed one is refused and nothing is made', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    await contactlessClient(s, w);
    const owner = call(s, side(w.owner));
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 8000]]);
    const body = { projectId: w.projectId, productions: billing(p), retainage: 0, status: 'submit' };
    const before = await everything(s);
    expect((await owner('POST', `/invoices/${w.owner.companyId}`, { ...body, contactEmail: 'not-mail' })).status).toBe(400);
    const refused = await owner('POST', `/invoices/${w.owner.companyId}`, body);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CLIENT_DECISION_MESSAGES.noContact);
    expect(await everything(s)).toEqual(before);
    const created = await owner('POST', `/invoices/${w.owner.companyId}`, { ...body, contactEmail: 'Payables@HCP.example', contactName: 'Payables' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'submit', contact: { email: 'payables@hcp.example', name: 'Payables' } });
    const [mail, ...more] = await mailTo(s, 'payables@hcp.example');
    expect(more).toEqual([]);
    expect(mail!.attachments).toHaveLength(1);
  });

  it('asks for a drawn signature to approve through the link when the issuer asks for one, and keeps it with the decision', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const { email: ap } = await memberlessClient(s, w);
    const owner = call(s, side(w.owner));
    const settings = await owner('GET', `/companies/${w.owner.companyId}`);
    const saved = await owner('POST', `/companies/${w.owner.companyId}/invoice`, { ...settings.body.invoiceSettings, clientSignature: true });
    expect(saved.body.invoiceSettings.clientSignature).toBe(true);
    const invoice = await draft(s, w);
    await owner('PATCH', `/invoices/${invoice.id}/send`);
    const token = tokenIn((await mailTo(s, ap))[0]!.text_body);
    expect((await anon(s)('GET', `/public/invoices/${token}`)).body.signatureRequired).toBe(true);

    const before = await everything(s);
    const unsigned = await anon(s)('POST', `/public/invoices/${token}/approve`, { name: 'Jane Roe' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.details).toEqual([{ field: 'file', message: CLIENT_DECISION_MESSAGES.signature }]);
    const notPng = multipart({ type: 'signature', name: 'Jane Roe' }, { name: 'signature.png', type: 'image/png', bytes: Buffer.from('not a picture') });
    expect((await s.call('POST', `${API}/public/invoices/${token}/approve`, { headers: notPng.headers, body: notPng.body })).status).toBe(400);
    expect(await everything(s)).toEqual(before);

    const signed = multipart({ type: 'signature', name: 'Jane Q. Roe' }, { name: 'signature.png', type: 'image/png', bytes: TINY_PNG });
    const approved = await s.call('POST', `${API}/public/invoices/${token}/approve`, { headers: signed.headers, body: signed.body });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'unpaid', decision: 'approved', decidedByName: 'Jane Q. Roe' });
    const read = await owner('GET', `/invoices/${invoice.id}`);
    expect(read.body.decisions[0]).toMatchObject({ channel: 'link', decidedByName: 'Jane Q. Roe', file: { filename: 'signature.png' } });
    const file = await s.app.inject({ method: 'GET', url: read.body.decisions[0].file.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await s.call('POST', `${API}/public/invoices/${token}/approve`, { headers: signed.headers, body: signed.body })).status).toBe(410);
  });

  it('lets the billed company with users approve signed in (a member decision) and mark it paid from its side, never release retainage', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = call(s, side(w.owner));
    const client = call(s, side(w.client));
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 8000]]);
    const invoice = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p), retainage: 10, status: 'submit' });
    const token = tokenIn((await mailTo(s, 'office@acme.example')).at(-1)!.text_body);
    expect((await client('GET', `/invoices/${invoice.id}`)).body).toMatchObject({ moves: ['approve', 'reject'], turn: { waitingOn: 'client', partyName: 'Client Utility' } });
    const approved = await client('POST', `/invoices/${invoice.id}/approve`);
    expect(approved.body.decisions[0]).toMatchObject({ decision: 'approved', channel: 'member', decidedByName: w.client.user.name, recordedByName: w.client.user.name });
    expect((await anon(s)('GET', `/public/invoices/${token}`)).status).toBe(410);
    expect((await client('POST', `/invoices/${invoice.id}/transaction`, { kind: 'retainage_release', amount: '1.00' })).status).toBe(403);
    const mark = await lastNotificationId(s);
    const paid = await client('POST', `/invoices/${invoice.id}/paid/paid`, { method: 'wire', reference: 'W-77' });
    expect(paid.body).toMatchObject({ status: 'paid', balance: '0.00' });
    expect(paid.body.transactions[0]).toMatchObject({ method: 'wire', createdBy: w.client.user.name, recordedByCompany: 'Client Utility' });
    expect((await notificationsSince(s, mark)).map((n) => n.company_id)).toEqual([w.owner.companyId]);
    expect((await owner('GET', `/invoices/${invoice.id}`)).body.moves).toEqual(['releaseRetainage']);
  });
});
