import { describeEachDatabase, TINY_PNG, type TestServer } from './harness.js';
import { budgetRowOf, callAs, externalPath, reviewLinkMailedTo, reviewRowOf, reviewsPath, reviewState, reviewWorld, signatureBody, type ReviewWorld } from './budget-reviews-helpers.js';

const unique = (who: string) => `${who}.${Math.random().toString(36).slice(2, 10)}@client.example`;

/** The partnership's contact for the client: what the request dialog proposes. */
async function partnershipContact(s: TestServer, w: ReviewWorld, email: string, name: string) {
  await s.services.db.updateTable('partnerships').set({ contact_email: email, contact_name: name }).where('id', '=', w.clientPartnershipId).execute();
}

describeEachDatabase('budget reviews by the client’s contact', (server) => {
  it('proposes the client’s contact among the reviewers, mails it the external link, and the contact signs through it', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const email = unique('controller');
    await partnershipContact(s, w, email, 'Casey Controller');
    const options = await callAs(s, w.ownerPm, 'GET', `/projects/${w.projectId}/budgets/${w.budgetId}/reviewers`);
    expect(options.body.at(-1)).toEqual({ kind: 'contact', id: 'contact', companyId: w.client.companyId, companyName: w.client.companyName, name: 'Casey Controller', email, side: 'client' });
    expect(options.body[0]).toMatchObject({ kind: 'member', side: 'owner' });
    const narrowed = await callAs(s, w.ownerPm, 'GET', `/projects/${w.projectId}/budgets/${w.budgetId}/reviewers?q=casey`);
    expect(narrowed.body).toEqual([expect.objectContaining({ kind: 'contact', email })]);

    const before = await reviewState(s, w.budgetId);
    for (const body of [{}, { memberId: w.clientPlain.membershipId, contactEmail: email }, { contactEmail: 'nope' }, { contactEmail: email, contactName: 'x'.repeat(201) }]) {
      expect((await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await callAs(s, w.clientBoss, 'POST', reviewsPath(w), { contactEmail: email })).status).toBe(403);
    expect(await reviewState(s, w.budgetId)).toEqual(before);

    const res = await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { contactEmail: email, contactName: 'Casey Controller' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ memberId: null, reviewerCompanyId: w.client.companyId, reviewerName: 'Casey Controller', reviewerEmail: email, status: 'pending' });
    const again = await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { contactEmail: email });
    expect(again.status).toBe(409);

    const link = await reviewLinkMailedTo(s, email);
    // No account: the mail offers no signed-in review.
    expect(link.mail.text_body).not.toContain('signed in to Fieldwork');
    const page = await s.call('GET', externalPath(link));
    expect(page.body.review).toMatchObject({ reviewerName: 'Casey Controller', reviewerEmail: email, status: 'pending' });
    const form = signatureBody({ type: 'signature', name: 'Casey C.' }, TINY_PNG);
    const signed = await s.call('POST', externalPath(link, 'approve'), { body: form.body, headers: form.headers });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ review: { status: 'approved' }, budget: { status: 'approved' } });
    expect(await reviewRowOf(s, res.body.id)).toMatchObject({ status: 'approved', signer_name: 'Casey C.', membership_id: null });
    expect((await budgetRowOf(s, w.budgetId)).status).toBe('approved');
    // Nobody signed in decides it: the client's boss is not the reviewer.
    expect((await callAs(s, w.clientBoss, 'PATCH', `${reviewsPath(w)}/${res.body.id}`, { status: 'approved' })).status).toBe(403);
  });

  it('asks the contact of a client typed on the project under the owner company; the reject goes through the link', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const email = unique('clerk');
    await s.services.db.updateTable('projects').set({ client_id: null, client_name: 'City of Sunset Valley', client_email: email }).where('id', '=', w.projectId).execute();
    const options = await callAs(s, w.ownerBoss, 'GET', `/projects/${w.projectId}/budgets/${w.budgetId}/reviewers`);
    expect(options.body.at(-1)).toEqual({ kind: 'contact', id: 'contact', companyId: null, companyName: 'City of Sunset Valley', name: 'City of Sunset Valley', email, side: 'client' });
    const res = await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { contactEmail: email });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ memberId: null, reviewerCompanyId: w.owner.companyId, reviewerName: email });
    const link = await reviewLinkMailedTo(s, email);
    const rejected = await s.call('POST', externalPath(link, 'reject'), { body: { reason: 'Unit prices are above the bid' } });
    expect(rejected.status).toBe(200);
    expect((await budgetRowOf(s, w.budgetId)).status).toBe('rejected');
    expect((await s.call('GET', externalPath(link))).status).toBe(410);
  });

  it('refuses a contact review on a project without any client', async () => {
    const s = server();
    const w = await reviewWorld(s);
    await s.services.db.updateTable('projects').set({ client_id: null, client_name: null, client_email: null }).where('id', '=', w.projectId).execute();
    const options = await callAs(s, w.ownerBoss, 'GET', `/projects/${w.projectId}/budgets/${w.budgetId}/reviewers`);
    expect(options.body.every((o: { kind: string }) => o.kind === 'member')).toBe(true);
    const res = await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { contactEmail: unique('x') });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'contactEmail', message: 'This project has no client whose contact could review' }]);
  });
});
