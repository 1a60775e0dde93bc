import { formatInstant } from '../../resources/time-zone.js';
import { pdfText } from './pdf-text.js';
import { describeEachDatabase, TINY_PNG, type TestServer } from './harness.js';
import {
  addBudgetItems,
  API,
  budgetRowOf,
  callAs,
  externalPath,
  requestReview,
  reviewLinkMailedTo,
  reviewRowOf,
  reviewsPath,
  reviewWorld,
  sha256,
  signatureBody,
  submitBudget,
  type Person,
  type ReviewWorld,
} from './budget-reviews-helpers.js';

const pdfPath = (w: Pick<ReviewWorld, 'projectId' | 'budgetId'>) => `${API}/projects/${w.projectId}/budgets/${w.budgetId}/pdf`;

const download = (s: TestServer, who: Person, url: string) =>
  s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}`, ...who.headers } });

/** The client's member signs through the mailed link; the owner's project manager signs in. */
async function approvedWorld(s: TestServer) {
  const w = await reviewWorld(s);
  const byLink = await requestReview(s, w, w.clientPlain);
  const signedIn = await requestReview(s, w, w.ownerPm);
  const link = await reviewLinkMailedTo(s, w.clientPlain.email);
  const external = signatureBody({ type: 'signature', name: 'Cleo Signer' });
  const approved = await s.call('POST', externalPath(link, 'approve'), { body: external.body, headers: { ...external.headers, 'user-agent': 'Mozilla/5.0 (PdfTest external)' } });
  expect(approved.status).toBe(200);
  const internal = signatureBody();
  const signed = await s.call('POST', `${API}${reviewsPath(w)}/${signedIn.id}/sign`, {
    token: w.ownerPm.token,
    body: internal.body,
    headers: { ...w.ownerPm.headers, ...internal.headers, 'user-agent': 'Mozilla/5.0 (PdfTest signed in)' },
  });
  expect(signed.status).toBe(200);
  expect((await budgetRowOf(s, w.budgetId)).status).toBe('approved');
  return { w, link, byLink, signedIn };
}

describeEachDatabase('signed budget PDF', (server) => {
  it('holds the project, the items, the totals, both signatures and the audit trail, as extractable text', async () => {
    const s = server();
    const { w, link, byLink, signedIn } = await approvedWorld(s);
    const res = await download(s, w.ownerBoss, pdfPath(w));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const approvedAt = (await budgetRowOf(s, w.budgetId)).approved_at!;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(approvedAt)).replaceAll('-', '');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Budget_${w.projectCode}_${day}.pdf"`);

    const { text } = await pdfText(res.rawPayload);
    for (const expected of [
      'Signed budget',
      w.projectName,
      `Project code: ${w.projectCode}`,
      `Company: ${w.owner.companyName}`,
      `Client: ${w.client.companyName}`,
      'Conduit 2 inch',
      'CD-2',
      'Handhole 17x30',
      '1,200',
      '$12.75',
      '$15,300.00',
      '$480.50',
      '$6,727.00',
      '$0.03',
      '$22,027.03',
      'Retainage (5 %)',
      '$1,101.35',
      'Profitability (12.5 %)',
      '$2,753.38',
      'Reason: Approved budget',
      `Signed by Cleo Signer for ${w.clientPlain.name} <${w.clientPlain.email}>, ${w.client.companyName}`,
      `Signed by ${w.ownerPm.name} <${w.ownerPm.email}>, ${w.owner.companyName}`,
      `Signature image SHA-256: ${sha256(TINY_PNG)}`,
      'Audit trail',
      `Review ${byLink.id}: ${w.clientPlain.name}`,
      `Review ${signedIn.id}: ${w.ownerPm.name}`,
      `Review link e-mailed to: ${w.clientPlain.email}`,
      'IP address: 127.0.0.1',
      'User agent: Mozilla/5.0 (PdfTest external)',
      'User agent: Mozilla/5.0 (PdfTest signed in)',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const signedAt = (await reviewRowOf(s, byLink.id)).signed_at!;
    // In the project's zone, named, with UTC beside it.
    expect(text).toContain(`${formatInstant(signedAt, 'America/Chicago')} (${signedAt.slice(0, 19).replace('T', ' ')} UTC)`);
    expect(formatInstant(signedAt, 'America/Chicago')).toMatch(/ C[SD]T$/);
    expect(text).toMatch(new RegExp(`Requested by ${w.ownerBoss.name}: `));

    // The client company reads it too, and the external reviewer through the link; others do not.
    expect((await download(s, w.clientBoss, pdfPath(w))).statusCode).toBe(200);
    const external = await s.app.inject({ method: 'GET', url: externalPath(link, 'pdf') });
    expect(external.statusCode).toBe(200);
    expect((await pdfText(external.rawPayload)).text).toContain('$22,027.03');
    expect((await download(s, w.strangerBoss, pdfPath(w))).statusCode).toBe(404);
    expect((await download(s, w.ownerPlain, pdfPath(w))).statusCode).toBe(403);
    const other = await reviewWorld(s);
    expect((await download(s, w.ownerBoss, `${API}/projects/${w.projectId}/budgets/${other.budgetId}/pdf`)).statusCode).toBe(404);
  });

  it('is a 409 until the budget is approved', async () => {
    const s = server();
    const w = await reviewWorld(s);
    await requestReview(s, w, w.clientPlain);
    const res = await callAs(s, w.ownerBoss, 'GET', `/projects/${w.projectId}/budgets/${w.budgetId}/pdf`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('NOT_APPROVED');
  });

  it('renders a 5,000-item budget over many pages in well under 3 seconds, and odd characters do not break it', async () => {
    const s = server();
    const w = await reviewWorld(s, { submit: false });
    const lines = Array.from({ length: 4998 }, (_, i) => ({
      name: i === 7 ? 'Pipe 漢字 ☃ with a name far too long to fit in its column of the table, cut with an ellipsis' : `Bulk item ${i}`,
      code: `B-${i}`,
      unit: 'ft',
      quantity: (i % 97) + 1,
      priceCents: 100 + i,
      description: i === 9 ? 'line\nbreak\ttab' : undefined,
    }));
    await addBudgetItems(s, w.owner.companyId, w.budgetId, lines);
    await submitBudget(s, w.budgetId);
    const review = await requestReview(s, w, w.clientPlain);
    // The review page reads the items 200 at a time (500 at most), with the totals over all of them.
    const link = await reviewLinkMailedTo(s, w.clientPlain.email);
    const firstPage = await s.call('GET', externalPath(link));
    expect(firstPage.body.items).toHaveLength(200);
    expect(firstPage.body.budget.itemCount).toBe(5001);
    expect((await s.call('GET', `${externalPath(link)}?_start=5000&_end=20000`)).body.items.map((i: { itemName: string }) => i.itemName)).toEqual(['Bulk item 4997']);
    const approved = await callAs(s, w.clientPlain, 'PATCH', `${reviewsPath(w)}/${review.id}`, { status: 'approved' });
    expect(approved.status).toBe(200);

    const started = Date.now();
    const res = await download(s, w.ownerBoss, pdfPath(w));
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(elapsed).toBeLessThan(3000);

    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThan(50);
    expect(text).toContain('Bulk item 0');
    expect(text).toContain('Bulk item 4997');
    expect(text).toContain('B-4997');
    expect(text).toContain('Pipe ?? ? with a name');
    expect(text).toContain('5,001 items');
    // Σ over 4,998 lines plus the world's three, in exact cents.
    const cents = lines.reduce((sum, l) => sum + BigInt(l.quantity) * BigInt(l.priceCents), 2_202_703n);
    const total = `$${(cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(cents % 100n).toString().padStart(2, '0')}`;
    expect(text).toContain(total);
    expect(text).toContain(`Approved by ${w.clientPlain.name}`);
  });
});
