import { hashToken } from '../../server/lib/tokens.js';
import { describeEachDatabase, TINY_PNG, type TestServer } from './harness.js';
import { createProject } from './project-helpers.js';
import {
  API,
  budgetRowOf,
  callAs,
  membershipOf,
  externalPath,
  requestReview,
  reviewLinkMailedTo,
  reviewRowOf,
  reviewsPath,
  reviewState,
  reviewWorld,
  sha256,
  signatureBody,
  submitBudget,
  type Person,
  type ReviewWorld,
} from './budget-reviews-helpers.js';

const decide = (s: TestServer, w: ReviewWorld, who: Person, reviewId: number, body: unknown) => callAs(s, who, 'PATCH', `${reviewsPath(w)}/${reviewId}`, body);

const notificationsOf = (s: TestServer, membershipId: number) =>
  s.services.db.selectFrom('notifications').selectAll().where('membership_id', '=', membershipId).where('type', '=', 'budget--budget-review').orderBy('id').execute();

const auditOf = (s: TestServer, reviewId: number) =>
  s.services.db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'budget_review').where('entity_id', '=', String(reviewId)).orderBy('id').execute();

describeEachDatabase('budget reviews: requests', (server) => {
  it('asks a member of the owner or of the client company: a pending review, a hashed 30-day link by mail, a notification and an audit row', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const before = Date.now();
    const res = await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { memberId: w.clientPlain.membershipId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      budgetId: w.budgetId,
      memberId: w.clientPlain.membershipId,
      reviewerCompanyId: w.client.companyId,
      reviewerName: w.clientPlain.name,
      reviewerEmail: w.clientPlain.email,
      status: 'pending',
      statusReason: null,
      signed: false,
      decidedAt: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/token|hash|sha/i);

    const link = await reviewLinkMailedTo(s, w.clientPlain.email);
    expect(link.mail.subject).toBe(`Budget review requested: ${w.projectName}`);
    expect(link.url.startsWith(`http://fieldwork.test/app/projects/${w.projectId}/budget/`)).toBe(true);
    expect(link.budgetHash).toBe((await budgetRowOf(s, w.budgetId)).public_hash);
    expect(link.reviewHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.mail.text_body).toContain(`/review/${link.reviewHash}/approve`);
    expect(link.mail.text_body).toContain(`/review/${link.reviewHash}/reject`);
    // The reviewer has an account: the mail says they may also review signed in.
    expect(link.mail.text_body).toContain(`signed in to Fieldwork, on the project's budget page: http://fieldwork.test/app/projects/${w.projectId}/budget`);

    const row = await reviewRowOf(s, res.body.id);
    expect(row.token_hash).toBe(hashToken(link.reviewHash));
    expect(row.requested_by).toBe(w.ownerBoss.userId);
    const lifetime = new Date(row.token_expires_at!).getTime() - before;
    expect(lifetime).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect(lifetime).toBeLessThan(30 * 86_400_000 + 60_000);

    const [note] = await notificationsOf(s, w.clientPlain.membershipId);
    expect(note).toMatchObject({ company_id: w.client.companyId, entity_id: String(w.budgetId), read: 0 });
    expect(JSON.parse(note!.options)).toEqual({ projectId: w.projectId, eventId: res.body.id });

    const audit = await auditOf(s, res.body.id);
    expect(audit.map((a) => [a.action, a.company_id, a.actor_user_id])).toEqual([['requested', w.owner.companyId, w.ownerBoss.userId]]);
    expect(audit[0]!.changes).not.toContain(link.reviewHash);
    expect(audit[0]!.changes).not.toContain(row.token_hash!);

    // A member of the owner company may be asked too.
    const own = await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { memberId: w.ownerPm.membershipId });
    expect(own.status).toBe(201);
    expect(own.body.reviewerCompanyId).toBe(w.owner.companyId);
  });

  it('refuses a member of an unrelated company or of a subcontractor (400), a budget not submitted and a second pending request (409), changing nothing', async () => {
    const s = server();
    const w = await reviewWorld(s);
    await requestReview(s, w, w.clientPlain);
    const before = await reviewState(s, w.budgetId);

    const stranger = await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { memberId: w.strangerBoss.membershipId });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.details).toEqual([{ field: 'memberId', message: "Choose a member of the project's company or of its client" }]);
    const subMembership = await s.services.db.selectFrom('memberships').select('id').where('company_id', '=', w.sub.companyId).executeTakeFirstOrThrow();
    expect((await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { memberId: subMembership.id })).status).toBe(400);
    expect((await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { memberId: 2_000_000_000 })).status).toBe(400);
    expect((await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { memberId: 'x' })).status).toBe(400);

    const duplicate = await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { memberId: w.clientPlain.membershipId });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('ALREADY_REQUESTED');
    expect(await reviewState(s, w.budgetId)).toEqual(before);

    const draft = await reviewWorld(s, { submit: false });
    const draftBefore = await reviewState(s, draft.budgetId);
    const notSubmitted = await callAs(s, draft.ownerBoss, 'POST', reviewsPath(draft), { memberId: draft.clientPlain.membershipId });
    expect(notSubmitted.status).toBe(409);
    expect(notSubmitted.body.error.code).toBe('ILLEGAL_TRANSITION');
    expect(await reviewState(s, draft.budgetId)).toEqual(draftBefore);
  });

  it("for a sub-project, asks a member of the parent project's owner, who decides acting in that company", async () => {
    const s = server();
    const w = await reviewWorld(s);
    await s.services.db.insertInto('project_crew_companies').values({ project_id: w.projectId, company_id: w.sub.companyId, added_by: null, created_at: new Date().toISOString() }).execute();
    const child = await createProject(s, w.sub.token, w.sub.companyId, { projectName: 'Bore under the creek', projectId: w.projectId });
    await submitBudget(s, child.budgetId!);
    const subOwner: Person = { token: w.sub.token, userId: w.sub.user.id, email: w.sub.email, name: w.sub.user.name, membershipId: await membershipOf(s, w.sub.companyId, w.sub.user.id), headers: w.sub.headers };
    const path = `/projects/${child.id}/budgets/${child.budgetId}/reviews`;
    const asked = await callAs(s, subOwner, 'POST', path, { memberId: w.ownerPm.membershipId });
    expect(asked.status).toBe(201);
    expect(asked.body.reviewerCompanyId).toBe(w.owner.companyId);
    // The parent's client is not the sub-project's.
    expect((await callAs(s, subOwner, 'POST', path, { memberId: w.clientPlain.membershipId })).status).toBe(400);
    const decided = await callAs(s, w.ownerPm, 'PATCH', `${path}/${asked.body.id}`, { status: 'approved' });
    expect(decided.status).toBe(200);
    expect((await budgetRowOf(s, child.budgetId!)).status).toBe('approved');
  });

  it('is the project owner’s with projects:manage: the client and a plain member get 403, a stranger 404, another project’s budget 404, before the body is read', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const other = await reviewWorld(s);
    const body = { memberId: w.clientPlain.membershipId };
    expect((await callAs(s, w.clientBoss, 'POST', reviewsPath(w), body)).status).toBe(403);
    // A plain member's role does not hold projects:view at all.
    expect((await callAs(s, w.ownerPlain, 'POST', reviewsPath(w), body)).status).toBe(403);
    expect((await callAs(s, w.strangerBoss, 'POST', reviewsPath(w), body)).status).toBe(404);
    expect((await callAs(s, w.ownerBoss, 'POST', `/projects/${w.projectId}/budgets/${other.budgetId}/reviews`, body)).status).toBe(404);
    // No permission and a bad body: the 403 comes first.
    expect((await callAs(s, w.clientBoss, 'POST', reviewsPath(w), { memberId: 'bad' })).status).toBe(403);
    expect((await callAs(s, w.strangerBoss, 'POST', reviewsPath(w), { memberId: 'bad' })).status).toBe(404);
    expect((await s.call('POST', `${API}${reviewsPath(w)}`, { body })).status).toBe(401);
    expect((await reviewState(s, w.budgetId)).reviews).toEqual([]);
  });
});

describeEachDatabase('budget reviews: reading and revoking', (server) => {
  it('lists every review newest first for any related company, reads one, and hides them from others', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const first = await requestReview(s, w, w.clientPlain);
    const second = await requestReview(s, w, w.ownerPm);
    for (const who of [w.ownerBoss, w.clientBoss]) {
      const list = await callAs(s, who, 'GET', reviewsPath(w));
      expect(list.status).toBe(200);
      expect(list.headers['x-total-count']).toBe('2');
      expect(list.body.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
      const one = await callAs(s, who, 'GET', `${reviewsPath(w)}/${first.id}`);
      expect(one.status).toBe(200);
      expect(one.body.reviewerName).toBe(w.clientPlain.name);
    }
    const filtered = await callAs(s, w.ownerBoss, 'GET', `${reviewsPath(w)}?status=pending&memberId=${w.ownerPm.membershipId}`);
    expect(filtered.body.map((r: { id: number }) => r.id)).toEqual([second.id]);
    expect((await callAs(s, w.ownerBoss, 'GET', `${reviewsPath(w)}?token_hash=x`)).status).toBe(400);
    expect((await callAs(s, w.strangerBoss, 'GET', reviewsPath(w))).status).toBe(404);
    expect((await callAs(s, w.strangerBoss, 'GET', `${reviewsPath(w)}/${first.id}`)).status).toBe(404);
    const other = await reviewWorld(s);
    const foreign = await requestReview(s, other, other.clientPlain);
    expect((await callAs(s, w.ownerBoss, 'GET', `${reviewsPath(w)}/${foreign.id}`)).status).toBe(404);
  });

  it('revokes a pending review (owner only): status revoked, its link stops working; a decided review is a 409', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const review = await requestReview(s, w, w.clientPlain);
    const link = await reviewLinkMailedTo(s, w.clientPlain.email);
    expect((await s.call('GET', externalPath(link))).status).toBe(200);

    expect((await callAs(s, w.clientBoss, 'DELETE', `${reviewsPath(w)}/${review.id}`)).status).toBe(403);
    expect((await callAs(s, w.strangerBoss, 'DELETE', `${reviewsPath(w)}/${review.id}`)).status).toBe(404);
    const revoked = await callAs(s, w.ownerBoss, 'DELETE', `${reviewsPath(w)}/${review.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: review.id, status: 'revoked' });
    const row = await reviewRowOf(s, review.id);
    expect(row.token_hash).toBeNull();
    expect(row.decided_at).not.toBeNull();
    expect((await s.call('GET', externalPath(link))).status).toBe(410);

    const before = await reviewState(s, w.budgetId);
    const again = await callAs(s, w.ownerBoss, 'DELETE', `${reviewsPath(w)}/${review.id}`);
    expect(again.status).toBe(409);
    expect(await reviewState(s, w.budgetId)).toEqual(before);
    expect((await auditOf(s, review.id)).map((a) => a.action)).toEqual(['requested', 'revoked']);
    // The reviewer is told; the owner who revoked is not told of their own change.
    expect((await notificationsOf(s, w.clientPlain.membershipId)).map((n) => n.description)).toEqual([
      `${w.ownerBoss.name} asks you to review the budget of ${w.projectName}`,
      `${w.ownerBoss.name} revoked your review of the budget of ${w.projectName}`,
    ]);
    expect(await notificationsOf(s, w.ownerBoss.membershipId)).toEqual([]);
    expect((await budgetRowOf(s, w.budgetId)).status).toBe('submitted');
  });

  it('approves the budget when the review revoked was the last one not yet approved', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const approving = await requestReview(s, w, w.clientPlain);
    const silent = await requestReview(s, w, w.ownerPm);
    expect((await decide(s, w, w.clientPlain, approving.id, { status: 'approved' })).status).toBe(200);
    expect((await budgetRowOf(s, w.budgetId)).status).toBe('submitted');
    expect((await callAs(s, w.ownerBoss, 'DELETE', `${reviewsPath(w)}/${silent.id}`)).status).toBe(200);
    expect((await budgetRowOf(s, w.budgetId)).status).toBe('approved');
  });
});

describeEachDatabase('budget reviews: decisions signed in', (server) => {
  it('only the reviewer decides: another member of their company 403, a stranger 404; a rejection needs its reason (400); nothing changes on a refusal', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const review = await requestReview(s, w, w.clientPlain);
    const before = await reviewState(s, w.budgetId);
    expect((await decide(s, w, w.clientBoss, review.id, { status: 'approved' })).status).toBe(403);
    expect((await decide(s, w, w.ownerBoss, review.id, { status: 'approved' })).status).toBe(403);
    expect((await decide(s, w, w.strangerBoss, review.id, { status: 'approved' })).status).toBe(404);
    // No right and a bad body: the 403 first.
    expect((await decide(s, w, w.clientBoss, review.id, { status: 'maybe' })).status).toBe(403);
    const noReason = await decide(s, w, w.clientPlain, review.id, { status: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details).toEqual([{ field: 'statusReason', message: 'A reason is required to reject' }]);
    expect((await decide(s, w, w.clientPlain, review.id, { status: 'rejected', statusReason: '   ' })).status).toBe(400);
    expect((await decide(s, w, w.clientPlain, review.id, { status: 'revoked' })).status).toBe(400);
    expect(await reviewState(s, w.budgetId)).toEqual(before);
  });

  it('a plain member asked to review decides without projects permissions; the last approval approves the budget and everyone concerned is notified', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const byClient = await requestReview(s, w, w.clientPlain);
    const byOwnerPlain = await requestReview(s, w, w.ownerPlain);

    const first = await decide(s, w, w.clientPlain, byClient.id, { status: 'approved', statusReason: 'Looks right' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: byClient.id, status: 'approved', statusReason: 'Looks right', signed: false });
    expect((await budgetRowOf(s, w.budgetId)).status).toBe('submitted');
    expect((await reviewRowOf(s, byClient.id)).token_hash).toBeNull();

    const last = await decide(s, w, w.ownerPlain, byOwnerPlain.id, { status: 'approved' });
    expect(last.status).toBe(200);
    const budget = await budgetRowOf(s, w.budgetId);
    expect(budget.status).toBe('approved');
    expect(budget.approved_at).not.toBeNull();

    // The owner company's project people (owner, project manager) hear of each decision; the plain member who decided is not told of their own.
    expect((await notificationsOf(s, w.ownerBoss.membershipId)).map((n) => JSON.parse(n.options).eventId)).toEqual([byClient.id, byOwnerPlain.id]);
    expect((await notificationsOf(s, w.ownerPm.membershipId)).map((n) => n.description)).toEqual([
      `${w.clientPlain.name} approved the budget (${w.projectName})`,
      `${w.ownerPlain.name} approved the budget (${w.projectName})`,
    ]);
    // The plain member got the request's notification only.
    expect((await notificationsOf(s, w.ownerPlain.membershipId)).map((n) => n.description)).toEqual([expect.stringContaining('asks you to review the budget')]);
    expect(await notificationsOf(s, w.clientBoss.membershipId)).toEqual([]);

    const budgetAudit = await s.services.db.selectFrom('audit_events').select(['action', 'actor_user_id']).where('entity_type', '=', 'budget').where('entity_id', '=', String(w.budgetId)).execute();
    expect(budgetAudit).toContainEqual({ action: 'approved', actor_user_id: w.ownerPlain.userId });
    expect((await auditOf(s, byOwnerPlain.id)).map((a) => [a.action, a.actor_user_id, a.company_id])).toEqual([
      ['requested', w.ownerBoss.userId, w.owner.companyId],
      ['approved', w.ownerPlain.userId, w.owner.companyId],
    ]);

    // Decided: a second decision is a 409 that changes nothing.
    const before = await reviewState(s, w.budgetId);
    const twice = await decide(s, w, w.ownerPlain, byOwnerPlain.id, { status: 'rejected', statusReason: 'Changed my mind' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('ILLEGAL_TRANSITION');
    expect(await reviewState(s, w.budgetId)).toEqual(before);
  });

  it('a rejection rejects the budget and revokes the other pending reviews, whose links stop working', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const rejecting = await requestReview(s, w, w.clientPlain);
    const other = await requestReview(s, w, w.ownerPm);
    const otherLink = await reviewLinkMailedTo(s, w.ownerPm.email);
    const res = await decide(s, w, w.clientPlain, rejecting.id, { status: 'rejected', statusReason: 'Handhole price is too high' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', statusReason: 'Handhole price is too high' });
    expect((await budgetRowOf(s, w.budgetId)).status).toBe('rejected');
    const revoked = await reviewRowOf(s, other.id);
    expect(revoked.status).toBe('revoked');
    expect(revoked.token_hash).toBeNull();
    expect((await s.call('GET', externalPath(otherLink))).status).toBe(410);
    expect((await decide(s, w, w.ownerPm, other.id, { status: 'approved' })).status).toBe(409);
    expect((await notificationsOf(s, w.ownerPm.membershipId)).map((n) => n.description)).toContain(
      `${w.clientPlain.name} rejected the budget of ${w.projectName}: your review is no longer needed`,
    );
    const [note] = (await notificationsOf(s, w.ownerBoss.membershipId)).slice(-1);
    expect(note!.description).toContain('rejected the budget: Handhole price is too high');
  });

  it('two decisions at once: exactly one wins, the other is a 409', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const review = await requestReview(s, w, w.clientPlain);
    const answers = await Promise.all([
      decide(s, w, w.clientPlain, review.id, { status: 'approved' }),
      decide(s, w, w.clientPlain, review.id, { status: 'rejected', statusReason: 'No' }),
      decide(s, w, w.clientPlain, review.id, { status: 'approved' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.status;
    expect((await reviewRowOf(s, review.id)).status).toBe(winner);
    expect((await budgetRowOf(s, w.budgetId)).status).toBe(winner);
    expect((await auditOf(s, review.id)).map((a) => a.action)).toEqual(['requested', winner]);
  });

  it('two last approvals at once approve the budget once', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const a = await requestReview(s, w, w.clientPlain);
    const b = await requestReview(s, w, w.ownerPm);
    const answers = await Promise.all([decide(s, w, w.clientPlain, a.id, { status: 'approved' }), decide(s, w, w.ownerPm, b.id, { status: 'approved' })]);
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    expect((await budgetRowOf(s, w.budgetId)).status).toBe('approved');
    const moves = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'budget').where('entity_id', '=', String(w.budgetId)).execute();
    expect(moves.filter((m) => m.action === 'approved')).toHaveLength(1);
  });
});

describeEachDatabase('budget reviews: signing signed in', (server) => {
  const sign = (s: TestServer, w: ReviewWorld, who: Person, reviewId: number, body = signatureBody()) =>
    s.call('POST', `${API}${reviewsPath(w)}/${reviewId}/sign`, { token: who.token, body: body.body, headers: { ...who.headers, ...body.headers, 'user-agent': 'SignTest/1.0' } });

  it("stores the PNG with its sha256 and signer, then approves with 'Approved budget'", async () => {
    const s = server();
    const w = await reviewWorld(s);
    const review = await requestReview(s, w, w.clientPlain);
    const res = await sign(s, w, w.clientPlain, review.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: review.id, status: 'approved', statusReason: 'Approved budget', signed: true, signerName: w.clientPlain.name });
    const row = await reviewRowOf(s, review.id);
    expect(row.signature_sha256).toBe(sha256(TINY_PNG));
    expect(row.signer_ip).toBe('127.0.0.1');
    expect(row.signer_user_agent).toBe('SignTest/1.0');
    expect(row.signed_at).not.toBeNull();
    const file = await s.services.db.selectFrom('files').selectAll().where('id', '=', row.signature_file_id!).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ company_id: w.owner.companyId, entity_type: 'budget_review', entity_id: String(review.id), type: 'signature', content_type: 'image/png', length: TINY_PNG.length, folder_id: null, uploaded_by: w.clientPlain.userId });
    expect((await budgetRowOf(s, w.budgetId)).status).toBe('approved');
    expect((await auditOf(s, review.id)).at(-1)).toMatchObject({ action: 'approved', actor_user_id: w.clientPlain.userId });
    expect(JSON.parse((await auditOf(s, review.id)).at(-1)!.changes)).toMatchObject({ statusReason: { to: 'Approved budget' }, signatureSha256: { to: sha256(TINY_PNG) } });

    // Signed once: a second signature is a 409 and keeps no file.
    const files = (await reviewState(s, w.budgetId)).files;
    expect((await sign(s, w, w.clientPlain, review.id)).status).toBe(409);
    expect((await reviewState(s, w.budgetId)).files).toBe(files);
  });

  it('refuses an SVG, a non-image, an empty file, a wrong type and an oversized image, keeping nothing; only the reviewer may sign', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const review = await requestReview(s, w, w.clientPlain);
    const before = await reviewState(s, w.budgetId);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="M0 0L10 10"/></svg>');
    const cases: Array<[ReturnType<typeof signatureBody>, number]> = [
      [signatureBody({ type: 'signature' }, svg, 'signature.svg', 'image/svg+xml'), 400],
      [signatureBody({ type: 'signature' }, Buffer.from('just words'), 'signature.png'), 400],
      [signatureBody({ type: 'signature' }, Buffer.alloc(0)), 400],
      // PNG magic bytes, then nothing a PNG decoder can read.
      [signatureBody({ type: 'signature' }, Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('garbage garbage garbage')])), 400],
      [signatureBody({ type: 'logo' }), 400],
      [signatureBody({ type: 'signature' }, Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024)])), 413],
    ];
    for (const [body, status] of cases) {
      const res = await sign(s, w, w.clientPlain, review.id, body);
      expect(res.status).toBe(status);
      expect(res.body.error.statusCode).toBe(status);
    }
    expect((await sign(s, w, w.clientBoss, review.id)).status).toBe(403);
    expect((await sign(s, w, w.strangerBoss, review.id)).status).toBe(404);
    expect(await reviewState(s, w.budgetId)).toEqual(before);
  });
});

describeEachDatabase('budget reviews: who may be asked', (server) => {
  it("lists the owner's and the client's accepted members for the owner's project managers, narrowed by q, never a stranger", async () => {
    const s = server();
    const w = await reviewWorld(s);
    const res = await callAs(s, w.ownerPm, 'GET', `/projects/${w.projectId}/budgets/${w.budgetId}/reviewers`);
    expect(res.status).toBe(200);
    const ids = res.body.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([w.ownerBoss.membershipId, w.ownerPlain.membershipId, w.clientBoss.membershipId, w.clientPlain.membershipId]));
    expect(ids).not.toContain(w.strangerBoss.membershipId);
    const client = res.body.find((o: { id: number }) => o.id === w.clientPlain.membershipId);
    expect(client).toMatchObject({ companyId: w.client.companyId, name: w.clientPlain.name, email: w.clientPlain.email, side: 'client' });
    // The owner's own people come first.
    expect(res.body[0].side).toBe('owner');

    const narrowed = await callAs(s, w.ownerPm, 'GET', `/projects/${w.projectId}/budgets/${w.budgetId}/reviewers?q=${encodeURIComponent(w.clientPlain.name)}`);
    expect(narrowed.body.map((o: { id: number }) => o.id)).toEqual([w.clientPlain.membershipId]);

    // The client reads the project but does not choose the owner's reviewers; a stranger does not see the project.
    expect((await callAs(s, w.clientBoss, 'GET', `/projects/${w.projectId}/budgets/${w.budgetId}/reviewers`)).status).toBe(403);
    expect((await callAs(s, w.strangerBoss, 'GET', `/projects/${w.projectId}/budgets/${w.budgetId}/reviewers`)).status).toBe(404);
  });
});

describeEachDatabase('budget reviews: a signature outlives nothing it belongs to', (server) => {
  it('a project deleted after its round was cancelled takes the signed review and its signature file with it', async () => {
    const s = server();
    const w = await reviewWorld(s);
    const signedReview = await requestReview(s, w, w.clientPlain);
    await requestReview(s, w, w.ownerPlain);
    const body = signatureBody();
    const signed = await s.call('POST', `${API}${reviewsPath(w)}/${signedReview.id}/sign`, { token: w.clientPlain.token, body: body.body, headers: { ...w.clientPlain.headers, ...body.headers } });
    expect(signed.status).toBe(200);
    const fileId = (await reviewRowOf(s, signedReview.id)).signature_file_id!;
    // The other review is still pending: the owner takes the budget back, then drops the project.
    expect((await callAs(s, w.ownerBoss, 'DELETE', `/projects/${w.projectId}/budgets/${w.budgetId}/submit`)).status).toBe(200);
    expect((await callAs(s, w.ownerBoss, 'DELETE', `/projects/${w.projectId}`)).status).toBe(204);
    expect(await s.services.db.selectFrom('files').select('id').where('id', '=', fileId).executeTakeFirst()).toBeUndefined();
  });
});
