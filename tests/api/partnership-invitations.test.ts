import { hashToken } from '../../server/lib/tokens.js';
import { addMember, describeEachDatabase, ownerWithCompany, registerUser, uniqueEmail, type TestServer } from './harness.js';

const API = '/api/v1';
const INVALID = 'This invitation is invalid or has expired.';

/** Invites a company as the host's `type` and reads the token from the mail the contact got. */
async function invite(s: TestServer, token: string, type: 'client' | 'subcontractor', overrides: Record<string, string> = {}) {
  const contactEmail = overrides.contactEmail ?? uniqueEmail('contact');
  const res = await s.call('POST', `${API}/partnerships/invite/${type}`, { token, body: { name: 'Bravo Boring', contactName: 'Bea Bravo', contactEmail, ...overrides } });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await s.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', contactEmail.toLowerCase()).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const link = mail.text_body.match(/http:\/\/fieldwork\.test\/app\/partner-invitation\/([A-Za-z0-9_-]+)\/(client|subcontractor)\/accept/);
  if (!link) throw new Error(`no accept link in ${mail.text_body}`);
  return { partnership: res.body, invitationToken: link[1]!, mail };
}

const pendingCount = async (s: TestServer) =>
  Number((await s.services.db.selectFrom('partnership_invitations').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()).n);

describeEachDatabase('partner invitations: invite, details, accept, decline', (server) => {
  it('invites by e-mail: a pending partnership, a hashed single-use token, accept and decline links from PUBLIC_URL', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha Paving');
    const { partnership, invitationToken, mail } = await invite(s, a.token, 'subcontractor', { contactEmail: 'Bea@Bravo.example' });
    expect(partnership).toMatchObject({ type: 'subcontractor', status: 'invited', partnerId: null, clientId: a.company.id, subcontractorId: null, name: 'Bravo Boring', contactEmail: 'bea@bravo.example', side: 'host' });
    expect(mail.to_address).toBe('bea@bravo.example');
    expect(mail.subject).toBe('Alpha Paving invites Bravo Boring to Fieldwork as their subcontractor');
    expect(mail.text_body).toContain(`http://fieldwork.test/app/partner-invitation/${invitationToken}/subcontractor/decline`);
    expect(mail.text_body).toContain(`http://fieldwork.test/app/login?returnTo=${encodeURIComponent(`/partner-invitation/${invitationToken}/subcontractor/accept`)}`);
    const stored = await s.services.db.selectFrom('partnership_invitations').selectAll().where('partnership_id', '=', partnership.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(invitationToken));
    expect(JSON.stringify(stored)).not.toContain(invitationToken);

    const details = await s.call('GET', `${API}/partnerships/invitations/${invitationToken}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      clientName: 'Alpha Paving',
      clientContactName: 'Alice Owner',
      clientContactEmail: 'office@acme.example',
      subcontractorName: 'Bravo Boring',
      subcontractorContactName: 'Bea Bravo',
      subcontractorContactEmail: 'bea@bravo.example',
      clientId: a.company.id,
      subcontractorId: null,
      guestType: 'subcontractor',
      status: 'pending',
      declineReason: null,
    });
    const trail = await s.call('GET', `${API}/companies/${a.company.id}/activity?entityType=partnership`, { token: a.token });
    expect(trail.body.map((e: { action: string }) => e.action)).toEqual(['invited']);
  });

  it('refuses bad invitations with per-field details, a second pending one to the same address, and sends nothing', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const mails = async () => (await s.services.db.selectFrom('mail_outbox').select('id').execute()).length;
    const before = { mails: await mails(), pending: await pendingCount(s) };
    for (const [body, field] of [
      [{ name: 'Bravo', contactName: 'Bea' }, 'contactEmail'],
      [{ name: 'Bravo', contactName: 'Bea', contactEmail: 'not-an-address' }, 'contactEmail'],
      [{ name: ' ', contactName: 'Bea', contactEmail: 'bea@bravo.example' }, 'name'],
      [{ name: 'Bravo', contactName: '', contactEmail: 'bea@bravo.example' }, 'contactName'],
    ] as const) {
      const res = await s.call('POST', `${API}/partnerships/invite/client`, { token: a.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect({ mails: await mails(), pending: await pendingCount(s) }).toEqual(before);

    await invite(s, a.token, 'client', { contactEmail: 'twice@bravo.example' });
    const again = await s.call('POST', `${API}/partnerships/invite/client`, { token: a.token, body: { name: 'Bravo', contactName: 'Bea', contactEmail: 'TWICE@bravo.example' } });
    expect(again.status).toBe(409);
    expect(await pendingCount(s)).toBe(before.pending + 1);
  });

  it('accepts with an empty body for the active company, once; the host then sees the company itself', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo Real Name');
    const { partnership, invitationToken } = await invite(s, a.token, 'subcontractor');

    expect((await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/accept`)).status).toBe(401);
    const noCompany = await registerUser(s);
    expect((await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/accept`, { token: noCompany.token })).status).toBe(403);
    const plain = await addMember(s, b.company.id, 'Member');
    expect((await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/accept`, { token: plain.token })).status).toBe(403);
    // The inviting company cannot answer its own invitation.
    expect((await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/accept`, { token: a.token })).status).toBe(403);
    expect(await pendingCount(s)).toBeGreaterThan(0);

    const accepted = await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/accept`, { token: b.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: partnership.id, type: 'client', partnerId: a.company.id, name: 'Alpha', side: 'partner', status: 'active', clientId: a.company.id, subcontractorId: b.company.id });
    const host = await s.call('GET', `${API}/partnerships/get/${partnership.id}`, { token: a.token });
    expect(host.body).toMatchObject({ status: 'active', partnerId: b.company.id, name: 'Bravo Real Name', contactName: 'Bea Bravo' });
    expect((await s.call('GET', `${API}/partnerships/invitations/${invitationToken}`)).body).toMatchObject({ status: 'accepted', subcontractorId: b.company.id, subcontractorName: 'Bravo Real Name' });

    // Single use: neither answer works a second time.
    const reused = await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/accept`, { token: b.token });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(INVALID);
    const declined = await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/decline`, { body: { reason: 'Changed my mind' } });
    expect(declined.status).toBe(400);
    expect((await s.call('GET', `${API}/partnerships/get/${partnership.id}`, { token: a.token })).body.status).toBe('active');

    const trail = await s.call('GET', `${API}/companies/${b.company.id}/activity?entityType=partnership`, { token: b.token });
    expect(trail.body.map((e: { action: string }) => e.action)).toEqual(['accepted']);
  });

  it('declines with a reason, anonymously; the reason is kept for the host and only for the host', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const { partnership, invitationToken } = await invite(s, a.token, 'client');
    const empty = await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/decline`, { body: { reason: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([{ field: 'reason', message: 'Reason is required' }]);
    expect((await s.call('GET', `${API}/partnerships/invitations/${invitationToken}`)).body.status).toBe('pending');

    const res = await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/decline`, { body: { reason: '  We only work in Texas. ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'declined', declineReason: 'We only work in Texas.', guestType: 'client', subcontractorName: 'Alpha' });
    const host = await s.call('GET', `${API}/partnerships/list/client?status=declined`, { token: a.token });
    expect(host.body).toHaveLength(1);
    expect(host.body[0]).toMatchObject({ id: partnership.id, status: 'declined', declineReason: 'We only work in Texas.' });
    const reasonFilter = await s.call('GET', `${API}/partnerships/list/client?declineReason_like=texas`, { token: a.token });
    expect(reasonFilter.body.map((r: { id: number }) => r.id)).toEqual([partnership.id]);

    const b = await ownerWithCompany(s, 'Bravo');
    const late = await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/accept`, { token: b.token });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(INVALID);
    expect((await s.call('PATCH', `${API}/partnerships/invitations/${invitationToken}/decline`, { body: { reason: 'Again' } })).status).toBe(400);
    const trail = await s.call('GET', `${API}/companies/${a.company.id}/activity?entityType=partnership&action=declined`, { token: a.token });
    expect(trail.body[0].changes.declineReason).toEqual({ from: null, to: 'We only work in Texas.' });
  });

  it('treats an expired, unknown or withdrawn token as invalid, and an existing partnership as a conflict', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo');
    const expired = await invite(s, a.token, 'subcontractor');
    await s.services.db.updateTable('partnership_invitations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('partnership_id', '=', expired.partnership.id).execute();
    expect((await s.call('GET', `${API}/partnerships/invitations/${expired.invitationToken}`)).body.status).toBe('expired');
    for (const [verb, body] of [['accept', undefined], ['decline', { reason: 'Too late' }]] as const) {
      const res = await s.call('PATCH', `${API}/partnerships/invitations/${expired.invitationToken}/${verb}`, { token: b.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID);
    }

    const unknown = 'x'.repeat(43);
    expect((await s.call('GET', `${API}/partnerships/invitations/${unknown}`)).status).toBe(404);
    expect((await s.call('PATCH', `${API}/partnerships/invitations/${unknown}/accept`, { token: b.token })).status).toBe(400);

    // Withdrawing ends the partnership without deleting it: the link says so and no longer works.
    const withdrawn = await invite(s, a.token, 'subcontractor');
    expect((await s.call('DELETE', `${API}/partnerships/delete/${withdrawn.partnership.id}`, { token: a.token })).status).toBe(204);
    expect((await s.call('GET', `${API}/partnerships/invitations/${withdrawn.invitationToken}`)).body.status).toBe('withdrawn');
    expect((await s.call('PATCH', `${API}/partnerships/invitations/${withdrawn.invitationToken}/accept`, { token: b.token })).status).toBe(400);
    expect((await s.call('PATCH', `${API}/partnerships/invitations/${withdrawn.invitationToken}/decline`, { body: { reason: 'Late' } })).status).toBe(400);
    expect((await s.call('GET', `${API}/partnerships/get/${withdrawn.partnership.id}`, { token: a.token })).body).toMatchObject({ status: 'ended', endedBy: 'host' });
    // A withdrawn invitation does not block a new one to the same address.
    await invite(s, a.token, 'subcontractor', { contactEmail: withdrawn.mail.to_address });

    await s.call('POST', `${API}/partnerships/add/subcontractor`, { token: a.token, body: { guestCompanyId: b.company.id } });
    const duplicate = await invite(s, a.token, 'subcontractor');
    expect((await s.call('PATCH', `${API}/partnerships/invitations/${duplicate.invitationToken}/accept`, { token: b.token })).status).toBe(409);
    expect((await s.call('GET', `${API}/partnerships/invitations/${duplicate.invitationToken}`)).body.status).toBe('pending');
  });

  it('lets a supervisor see invitations but not send them', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const supervisor = await addMember(s, a.company.id, 'Supervisor');
    const res = await s.call('POST', `${API}/partnerships/invite/client`, { token: supervisor.token, body: { name: 'Bravo', contactName: 'Bea', contactEmail: uniqueEmail() } });
    expect(res.status).toBe(403);
    await invite(s, a.token, 'client');
    const list = await s.call('GET', `${API}/partnerships/list/client`, { token: supervisor.token });
    expect(list.body.map((r: { status: string }) => r.status)).toEqual(['invited']);
  });
});
