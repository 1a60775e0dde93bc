import { describeEachDatabase, ownerWithCompany, registerUser, type TestServer } from './harness.js';
import { API, companyWithStaff, invitee, membershipRow, tokenMailedTo } from './members-helpers.js';

const INVALID = 'This invitation is invalid or has expired.';

/** An owner's company and an invitation of `email` to it, with the token from the mail. */
async function invited(s: TestServer, email: string, company = 'Inviting Co') {
  const { companyId, owner } = await companyWithStaff(s, company);
  const res = await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body: await invitee(s, companyId, { email }) });
  expect(res.status).toBe(201);
  return { companyId, owner, membershipId: res.body.id as number, token: await tokenMailedTo(s, email) };
}

const accept = (s: TestServer, token: string, userToken?: string) => s.call('PATCH', `${API}/memberships/invitations/${token}/accept`, { token: userToken });
const decline = (s: TestServer, token: string, body: unknown) => s.call('PATCH', `${API}/memberships/invitations/${token}/decline`, { body });

describeEachDatabase('members: invitation links', (server) => {
  it('shows an open invitation to anyone holding the link, and nothing for an unknown token', async () => {
    const s = server();
    const { companyId, token } = await invited(s, 'shown@example.com', 'Shown Co');
    const res = await s.call('GET', `${API}/memberships/invitations/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ companyId, companyName: 'Shown Co', name: 'Sam Invited', email: 'shown@example.com', role: 'Supervisor', status: 'invited', expiresAt: expect.any(String) });
    expect((await s.call('GET', `${API}/memberships/invitations/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('lets the signed-in invitee accept once: the membership is accepted, the company appears, the link is spent', async () => {
    const s = server();
    const person = await registerUser(s);
    const { companyId, membershipId, token } = await invited(s, person.email);
    const res = await accept(s, token, person.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: membershipId, companyId, userId: person.user.id, status: 'accepted', role: 'Supervisor' });
    const row = (await membershipRow(s, membershipId))!;
    expect(row).toMatchObject({ status: 'accepted', user_id: person.user.id, invite_token_hash: null });
    const me = await s.call('GET', `${API}/users/me`, { token: person.token });
    expect(me.body.user.memberships.map((m: { companyId: number }) => m.companyId)).toContain(companyId);

    const again = await accept(s, token, person.token);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(INVALID);
    expect((await s.call('GET', `${API}/memberships/invitations/${token}`)).status).toBe(404);
    expect((await decline(s, token, { reason: 'late' })).status).toBe(400);
  });

  it('refuses a user whose e-mail is not the invited one (403), leaving the invitation open', async () => {
    const s = server();
    const { membershipId, token } = await invited(s, 'rightful@example.com');
    const intruder = await ownerWithCompany(s, 'Intruder Co');
    const res = await accept(s, token, intruder.token);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('This invitation was sent to another e-mail address. Sign in as rightful@example.com to accept it.');
    expect(await membershipRow(s, membershipId)).toMatchObject({ status: 'invited', user_id: null });
    expect((await accept(s, token)).status).toBe(401);
    expect((await s.call('GET', `${API}/memberships/invitations/${token}`)).status).toBe(200);
  });

  it('refuses an expired invitation on every page (400 / 404), changing nothing', async () => {
    const s = server();
    const person = await registerUser(s);
    const { membershipId, token } = await invited(s, person.email);
    await s.services.db.updateTable('memberships').set({ invite_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', membershipId).execute();
    expect((await s.call('GET', `${API}/memberships/invitations/${token}`)).status).toBe(404);
    const res = await accept(s, token, person.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_INVITATION', message: INVALID });
    expect((await decline(s, token, { reason: 'too late' })).body.error.message).toBe(INVALID);
    expect(await membershipRow(s, membershipId)).toMatchObject({ status: 'invited', user_id: null, decline_reason: null });
  });

  it('declines without an account, keeping the reason; the link is spent; the person can be invited again', async () => {
    const s = server();
    const { companyId, owner, membershipId, token } = await invited(s, 'decliner@example.com');
    const tooLong = await decline(s, token, { reason: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details[0].field).toBe('reason');
    expect((await membershipRow(s, membershipId))!.status).toBe('invited');

    const res = await decline(s, token, { reason: '  I work for another company now.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'declined', declineReason: 'I work for another company now.' });
    expect(await membershipRow(s, membershipId)).toMatchObject({ status: 'declined', decline_reason: 'I work for another company now.', invite_token_hash: null });
    const listed = await s.call('GET', `${API}/companies/${companyId}/memberships?status=declined`, { token: owner.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: membershipId, declineReason: 'I work for another company now.' })]);
    expect((await decline(s, token, { reason: 'again' })).status).toBe(400);

    const renewed = await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body: await invitee(s, companyId, { email: 'decliner@example.com' }) });
    expect(renewed.status).toBe(201);
    expect(await membershipRow(s, membershipId)).toBeUndefined();
  });

  it('registers a new account through the mailed code, which accepts the invitation', async () => {
    const s = server();
    const { companyId, membershipId, token } = await invited(s, 'newcomer@example.com');
    const res = await s.call('POST', `${API}/users/register/${token}`, {
      body: { name: 'New Comer', phone: '+1 512 555 0101', email: 'newcomer@example.com', password: 'secret123', passwordConfirm: 'secret123' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.settings.defaultCompanyId).toBe(companyId);
    expect(await membershipRow(s, membershipId)).toMatchObject({ status: 'accepted', user_id: res.body.user.id });
    expect((await accept(s, token, res.body.token)).status).toBe(400);
  });
});
