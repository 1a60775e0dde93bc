import { hashToken } from '../../server/lib/tokens.js';
import { DATABASES, describeEachDatabase, startTestServer, TINY_PNG, type TestServer } from './harness.js';
import {
  addBudgetItems,
  budgetRowOf,
  callAs,
  externalPath,
  requestReview,
  reviewLinkMailedTo,
  reviewRowOf,
  reviewsPath,
  reviewState,
  reviewWorld,
  sha256,
  signatureBody,
  WORLD_TOTAL,
  type ReviewWorld,
} from './budget-reviews-helpers.js';

const LINK_USED = 'This review link has already been used, revoked or has expired';

type Link = { budgetHash: string; reviewHash: string };

/** A world with one review asked of the client's plain member, and the link mailed for it. */
async function linked(s: TestServer, w?: ReviewWorld) {
  const world = w ?? (await reviewWorld(s));
  const review = await requestReview(s, world, world.clientPlain);
  const link = await reviewLinkMailedTo(s, world.clientPlain.email);
  return { w: world, review, link };
}

const approve = (s: TestServer, link: Link, fields: Record<string, string> = { type: 'signature', name: 'Cleo C. Client' }, bytes = TINY_PNG) => {
  const body = signatureBody(fields, bytes);
  return s.call('POST', externalPath(link, 'approve'), { body: body.body, headers: { ...body.headers, 'user-agent': 'Mozilla/5.0 (ExternalTest)' } });
};
const reject = (s: TestServer, link: Link, reason: unknown) => s.call('POST', externalPath(link, 'reject'), { body: { reason } });

/** Every refusal of a link is this one answer. */
function expectRefused(res: { status: number; body: any }) {
  expect(res.status).toBe(410);
  expect(res.body).toEqual({ error: { statusCode: 410, message: LINK_USED, code: 'LINK_USED' }, statusCode: 410, message: LINK_USED });
}

describeEachDatabase('external budget review: the link', (server) => {
  it('opens the budget without a session: the review, the project, exact totals and the items', async () => {
    const s = server();
    const { w, review, link } = await linked(s);
    const res = await s.call('GET', externalPath(link));
    expect(res.status).toBe(200);
    expect(res.body.review).toEqual({ id: review.id, status: 'pending', reviewerName: w.clientPlain.name, reviewerEmail: w.clientPlain.email, statusReason: null });
    expect(res.body.project).toEqual({ id: w.projectId, projectName: w.projectName, code: w.projectCode, companyName: w.owner.companyName, clientName: w.client.companyName });
    expect(res.body.budget).toEqual({
      id: w.budgetId,
      status: 'submitted',
      singlePart: false,
      retainagePercent: 5,
      profitabilityPercent: 12.5,
      itemCount: 3,
      total: WORLD_TOTAL,
      // 5 % of 22,027.03 = 1,101.3515 → 1,101.35; 12.5 % = 2,753.37875 → 2,753.38.
      retainage: '1101.35',
      profit: '2753.38',
    });
    expect(res.body.items).toEqual([
      { id: expect.any(Number), itemName: 'Conduit 2 inch', itemCode: 'CD-2', unit: 'ft', quantity: 1200, price: '12.75', amount: '15300.00', description: null, drawings: 0, planEvidence: null },
      { id: expect.any(Number), itemName: 'Handhole 17x30', itemCode: 'HH-1730', unit: 'ea', quantity: 14, price: '480.50', amount: '6727.00', description: null, drawings: 0, planEvidence: null },
      { id: expect.any(Number), itemName: 'Directional bore', itemCode: 'DB-1', unit: 'ft', quantity: 3, price: '0.01', amount: '0.03', description: null, drawings: 0, planEvidence: null },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(link.reviewHash);
    const page = await s.call('GET', `${externalPath(link)}?_start=1&_end=2`);
    expect(page.body.items.map((i: { itemName: string }) => i.itemName)).toEqual(['Handhole 17x30']);
    expect(page.body.budget.itemCount).toBe(3);
    expect((await s.call('GET', `${externalPath(link)}?_start=2&_end=1`)).status).toBe(400);
  });

  it('answers the items 200 at a time (500 at most), with the figures and X-Total-Count over every item', async () => {
    const s = server();
    const w = await reviewWorld(s);
    // 3 items of the world and 600 more at 1 × 1.00.
    await addBudgetItems(s, w.owner.companyId, w.budgetId, Array.from({ length: 600 }, (_, i) => ({ name: `Line ${i}`, quantity: 1, priceCents: 100 })));
    const { link } = await linked(s, w);
    const first = await s.call('GET', externalPath(link));
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(200);
    expect(first.body.items[0].itemName).toBe('Conduit 2 inch');
    expect(first.body.budget).toMatchObject({ itemCount: 603, total: '22627.03' });
    expect(first.headers['x-total-count']).toBe('603');
    // The next page follows on where the first ended, in the order the items were added.
    const next = await s.call('GET', `${externalPath(link)}?_start=200&_end=400`);
    expect(next.body.items.map((i: { itemName: string }) => i.itemName).slice(0, 2)).toEqual(['Line 197', 'Line 198']);
    expect(next.body.budget.total).toBe('22627.03');
    expect((await s.call('GET', `${externalPath(link)}?_start=0&_end=1000`)).body.items).toHaveLength(500);
    expect((await s.call('GET', `${externalPath(link)}?_start=600`)).body.items.map((i: { itemName: string }) => i.itemName)).toEqual(['Line 597', 'Line 598', 'Line 599']);
  });

  it('keeps money exact past 64 bits: a billion units at the largest price', async () => {
    const s = server();
    const w = await reviewWorld(s);
    await addBudgetItems(s, w.owner.companyId, w.budgetId, [
      { name: 'Huge A', quantity: 1_000_000_000, priceCents: 99_999_999_999 },
      { name: 'Huge B', quantity: 1_000_000_000, priceCents: 99_999_999_999 },
    ]);
    const { link } = await linked(s, w);
    const res = await s.call('GET', externalPath(link));
    // 2 × 99,999,999,999,000,000,000 cents + 2,202,703 cents.
    expect(res.body.budget.total).toBe('1999999999980022027.03');
    expect(res.body.items[3].amount).toBe('999999999990000000.00');
  });

  it('rejects through the link with a reason: the budget is rejected and the link stops working', async () => {
    const s = server();
    const { w, review, link } = await linked(s);
    const before = await reviewState(s, w.budgetId);
    for (const reason of [undefined, '', '   ', 'x'.repeat(2001), 'nul\u0000']) expect((await reject(s, link, reason)).status).toBe(400);
    expect(await reviewState(s, w.budgetId)).toEqual(before);

    const res = await reject(s, link, 'Bore footage is wrong');
    expect(res.status).toBe(200);
    expect(res.body.review).toMatchObject({ id: review.id, status: 'rejected', statusReason: 'Bore footage is wrong' });
    expect(res.body.budget.status).toBe('rejected');
    expect(res.body.pdfAvailableUntil).toBeNull();
    expect(res.body.items).toBeUndefined();
    const row = await reviewRowOf(s, review.id);
    expect(row.token_hash).toBeNull();
    expect((await budgetRowOf(s, w.budgetId)).status).toBe('rejected');
    // Nobody signed in decided: the trail has the owner company and no user.
    const audit = await s.services.db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'budget_review').where('entity_id', '=', String(review.id)).where('action', '=', 'rejected').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: null, company_id: w.owner.companyId });
    // The owner's project people are told; the reviewer is not told of their own decision.
    const notes = await s.services.db.selectFrom('notifications').select(['membership_id', 'description']).where('type', '=', 'budget--budget-review').where('company_id', '=', w.owner.companyId).execute();
    expect(notes.map((n) => n.membership_id).sort()).toEqual([w.ownerBoss.membershipId, w.ownerPm.membershipId].sort());

    const after = await reviewState(s, w.budgetId);
    expectRefused(await s.call('GET', externalPath(link)));
    expectRefused(await reject(s, link, 'Again'));
    expectRefused(await approve(s, link));
    expectRefused(await s.call('GET', externalPath(link, 'pdf')));
    expect(await reviewState(s, w.budgetId)).toEqual(after);
  });

  it('signs and approves through the link: the signature, signer name, IP and browser are kept; the link then only downloads the PDF', async () => {
    const s = server();
    const { w, review, link } = await linked(s);
    const res = await approve(s, link);
    expect(res.status).toBe(200);
    expect(res.body.review).toMatchObject({ id: review.id, status: 'approved', statusReason: 'Approved budget' });
    expect(res.body.budget).toMatchObject({ status: 'approved', total: WORLD_TOTAL });
    const until = new Date(res.body.pdfAvailableUntil).getTime();
    expect(Math.abs(until - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
    expect(JSON.stringify(res.body)).not.toContain(link.reviewHash);

    const row = await reviewRowOf(s, review.id);
    expect(row).toMatchObject({ status: 'approved', signer_name: 'Cleo C. Client', signer_ip: '127.0.0.1', signer_user_agent: 'Mozilla/5.0 (ExternalTest)', signature_sha256: sha256(TINY_PNG) });
    // The signed approval keeps the link's hash, for the PDF only.
    expect(row.token_hash).toBe(hashToken(link.reviewHash));
    const file = await s.services.db.selectFrom('files').selectAll().where('id', '=', row.signature_file_id!).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ entity_type: 'budget_review', type: 'signature', company_id: w.owner.companyId, folder_id: null, uploaded_by: null });

    const after = await reviewState(s, w.budgetId);
    // What the page promised: opened again, the link shows the decided budget and its PDF until pdfAvailableUntil, and nothing to decide.
    const reopened = await s.call('GET', externalPath(link));
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ review: { id: review.id, status: 'approved' }, budget: { status: 'approved' }, pdfAvailableUntil: res.body.pdfAvailableUntil });
    expect(reopened.body.items).toHaveLength(3);
    expectRefused(await approve(s, link));
    expectRefused(await reject(s, link, 'Too late'));
    expect(await reviewState(s, w.budgetId)).toEqual(after);
    const pdf = await s.app.inject({ method: 'GET', url: externalPath(link, 'pdf') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Seven days after signing, the link opens nothing at all: neither the page nor the PDF.
    await s.services.db.updateTable('budget_reviews').set({ signed_at: new Date(Date.now() - 7 * 86_400_000 - 1000).toISOString() }).where('id', '=', review.id).execute();
    expectRefused(await s.call('GET', externalPath(link, 'pdf')));
    expectRefused(await s.call('GET', externalPath(link)));
  });

  it('defaults the signer to the reviewer, refuses a bad signature or name (changing nothing), and an approval that is not the last leaves the budget in review', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const { review, link } = await linked(s, w);
    await requestReview(s, w, w.ownerPm);
    const before = await reviewState(s, w.budgetId);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0L5 5"/></svg>');
    expect((await approve(s, link, { type: 'signature' }, svg)).status).toBe(400);
    expect((await approve(s, link, { type: 'signature', name: 'n'.repeat(201) })).status).toBe(400);
    expect((await approve(s, link, { type: 'signature' }, Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024)]))).status).toBe(413);
    expect((await s.call('POST', externalPath(link, 'approve'), { body: { name: 'x' } })).status).toBe(400);
    expect(await reviewState(s, w.budgetId)).toEqual(before);

    const res = await approve(s, link, { type: 'signature', name: '  ' });
    expect(res.status).toBe(200);
    expect((await reviewRowOf(s, review.id)).signer_name).toBe(w.clientPlain.name);
    expect(res.body.budget.status).toBe('submitted');
    // The PDF waits for the budget's approval.
    const pdf = await s.call('GET', externalPath(link, 'pdf'));
    expect(pdf.status).toBe(409);
  });

  it('stops working once expired, revoked, or when the budget is no longer in review', async () => {
    const s = server();
    const expired = await linked(s);
    await s.services.db.updateTable('budget_reviews').set({ token_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expired.review.id).execute();
    expectRefused(await s.call('GET', externalPath(expired.link)));
    expectRefused(await approve(s, expired.link));
    expectRefused(await reject(s, expired.link, 'Late'));
    // Still pending: the reviewer may decide signed in, and the owner may revoke and ask again for a new link.
    expect((await reviewRowOf(s, expired.review.id)).status).toBe('pending');

    const revoked = await linked(s);
    expect((await callAs(s, revoked.w.ownerBoss, 'DELETE', `${reviewsPath(revoked.w)}/${revoked.review.id}`)).status).toBe(200);
    expectRefused(await s.call('GET', externalPath(revoked.link)));

    // A cancelled submission (the budget back to draft) closes its links even if a review were left pending.
    const cancelled = await linked(s);
    await s.services.db.updateTable('budgets').set({ status: 'draft' }).where('id', '=', cancelled.w.budgetId).execute();
    expectRefused(await s.call('GET', externalPath(cancelled.link)));
    expectRefused(await reject(s, cancelled.link, 'No'));
    expect((await reviewRowOf(s, cancelled.review.id)).status).toBe('pending');
  });

  it('answers the same refusal for any wrong pair: mixed halves of two budgets, the stored hash, garbage; and nobody reaches another budget', async () => {
    const s = server();
    const a = await linked(s);
    const b = await linked(s);
    const stored = (await reviewRowOf(s, a.review.id)).token_hash!;
    const before = [await reviewState(s, a.w.budgetId), await reviewState(s, b.w.budgetId)];
    const wrong: Link[] = [
      { budgetHash: a.link.budgetHash, reviewHash: b.link.reviewHash },
      { budgetHash: b.link.budgetHash, reviewHash: a.link.reviewHash },
      { budgetHash: a.link.budgetHash, reviewHash: stored },
      { budgetHash: a.link.budgetHash, reviewHash: a.link.reviewHash.slice(0, -1) },
      { budgetHash: a.link.budgetHash.toUpperCase(), reviewHash: a.link.reviewHash },
      { budgetHash: 'x', reviewHash: 'y' },
      { budgetHash: a.link.reviewHash, reviewHash: a.link.budgetHash },
    ];
    for (const link of wrong) {
      expectRefused(await s.call('GET', externalPath(link)));
      expectRefused(await reject(s, link, 'Probe'));
      expectRefused(await approve(s, link));
      expectRefused(await s.call('GET', externalPath(link, 'pdf')));
    }
    expect([await reviewState(s, a.w.budgetId), await reviewState(s, b.w.budgetId)]).toEqual(before);
    // Each link still opens its own budget only.
    expect((await s.call('GET', externalPath(a.link))).body.budget.id).toBe(a.w.budgetId);
    expect((await s.call('GET', externalPath(b.link))).body.budget.id).toBe(b.w.budgetId);
  });

  it('a link and the signed-in reviewer deciding at once: exactly one wins', async () => {
    const s = server();
    const { w, review, link } = await linked(s);
    const [byLink, signedIn] = await Promise.all([
      reject(s, link, 'By link'),
      callAs(s, w.clientPlain, 'PATCH', `${reviewsPath(w)}/${review.id}`, { status: 'approved' }),
    ]);
    expect([byLink.status, signedIn.status].sort()).toEqual(byLink.status === 200 ? [200, 409] : [200, 410]);
    const row = await reviewRowOf(s, review.id);
    expect(row.status).toBe(byLink.status === 200 ? 'rejected' : 'approved');
    expect((await budgetRowOf(s, w.budgetId)).status).toBe(row.status);
  });
});

for (const database of DATABASES) {
  describe(`external budget review: logs and rate limit [${database.name}]`, () => {
    const lines: string[] = [];
    let s: Awaited<ReturnType<typeof startTestServer>>;
    beforeAll(async () => {
      s = await startTestServer(database.url, { authRateLimit: 40 }, { logStream: { write: (line: string) => void lines.push(line) } });
    });
    afterAll(async () => {
      await s?.stop();
    });

    it('never writes the link, its halves or its hash to the logs, and limits calls per address like sign-in', async () => {
      const { link, review } = await linked(s);
      expect((await s.call('GET', externalPath(link))).status).toBe(200);
      expect((await approve(s, link)).status).toBe(200);
      expect((await s.call('GET', externalPath({ budgetHash: 'nope', reviewHash: link.reviewHash }))).status).toBe(410);
      const logged = lines.join('\n');
      expect(logged).toContain('/public/budget-review/:budgetHash/:reviewHash');
      for (const secret of [link.reviewHash, link.budgetHash, hashToken(link.reviewHash)]) expect(logged).not.toContain(secret);
      expect((await reviewRowOf(s, review.id)).status).toBe('approved');

      const statuses: number[] = [];
      for (let i = 0; i < 45; i++) statuses.push((await s.call('GET', externalPath({ budgetHash: 'x', reviewHash: `probe${i}` }))).status);
      expect(statuses).toContain(429);
      expect(statuses.filter((x) => x !== 410 && x !== 429)).toEqual([]);
    });
  });
}
