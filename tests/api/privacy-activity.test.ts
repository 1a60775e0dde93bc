import { addMember, describeEachDatabase, ownerWithCompany, registerUser, type TestServer } from './harness.js';
import { API, invitee } from './members-helpers.js';

/** A company whose owner invited someone, then changed that member's phone; plus a plain member and an HR member reading. */
async function trailWithMember(s: TestServer) {
  const owner = await ownerWithCompany(s, 'Private Paving');
  const companyId = owner.company.id as number;
  const plain = await addMember(s, companyId, 'Member');
  const hr = await addMember(s, companyId, 'HumanResources');
  const body = await invitee(s, companyId, { name: 'Pat Private', email: 'pat.private@example.com', phone: '+1 512 555 0111' });
  const created = await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  expect((await s.call('PATCH', `${API}/memberships/${id}`, { token: owner.token, body: { phone: '+1 512 555 0222' } })).status).toBe(200);
  const read = (token: string) => s.call('GET', `${API}/companies/${companyId}/activity?entityType=membership&entityId=${id}`, { token });
  return { owner, plain, hr, id, read };
}

describeEachDatabase('activity trail: personal data', (server) => {
  it('shows a plain member who changed which member and when, without e-mails or phones', async () => {
    const { owner, plain, read } = await trailWithMember(server());
    const res = await read(plain.token);
    expect(res.status).toBe(200);
    expect(res.body.map((e: { action: string }) => e.action)).toEqual(['updated', 'invited']);
    const [update, invite] = res.body;
    expect(update).toMatchObject({ entityType: 'membership', action: 'updated', actor: { id: owner.user.id }, changes: {}, hidden: true });
    expect(update.createdAt).toEqual(expect.any(String));
    expect(invite.changes).toMatchObject({ name: { from: null, to: 'Pat Private' } });
    expect(invite.hidden).toBe(true);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('pat.private@example.com');
    expect(text).not.toContain('555 0111');
    expect(text).not.toContain('555 0222');
  });

  it('shows the same entries whole to those who manage members', async () => {
    const { owner, hr, read } = await trailWithMember(server());
    for (const reader of [owner, hr]) {
      const [update, invite] = (await read(reader.token)).body;
      expect(update).toMatchObject({ hidden: false, changes: { phone: { from: '+1 512 555 0111', to: '+1 512 555 0222' } } });
      expect(invite.changes).toMatchObject({ email: { from: null, to: 'pat.private@example.com' } });
    }
  });

  it('shows a reader without the right to an entity only who, what and when of its changes', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Crewed Co');
    const companyId = owner.company.id as number;
    const plain = await addMember(s, companyId, 'Member');
    expect((await s.call('POST', `${API}/crews`, { token: owner.token, body: { name: 'Night Shift' } })).status).toBe(201);
    const [forOwner] = (await s.call('GET', `${API}/companies/${companyId}/activity?entityType=crew`, { token: owner.token })).body;
    const [forPlain] = (await s.call('GET', `${API}/companies/${companyId}/activity?entityType=crew`, { token: plain.token })).body;
    expect(forOwner.changes.name).toEqual({ from: null, to: 'Night Shift' });
    expect(forPlain).toMatchObject({ id: forOwner.id, action: 'created', actor: { id: owner.user.id }, changes: {}, hidden: true });
  });

  it('keeps the company fields open to every member of it', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Open Co');
    const plain = await addMember(s, owner.company.id, 'Member');
    const [creation] = (await s.call('GET', `${API}/companies/${owner.company.id}/activity?entityType=company`, { token: plain.token })).body;
    expect(creation).toMatchObject({ hidden: false, changes: { name: { from: null, to: 'Open Co' } } });
  });

  it('never keeps a driver\'s licence or SSN in the trail', async () => {
    const s = server();
    const { user, token } = await registerUser(s);
    const res = await s.call('PATCH', `${API}/users/me`, { token, body: { driversLicense: 'TX1234567', ssn: '123-45-6789', city: 'Austin' } });
    expect(res.status).toBe(200);
    const rows = await s.services.db.selectFrom('audit_events').select('changes').where('entity_type', '=', 'user').where('entity_id', '=', String(user.id)).execute();
    const text = rows.map((r) => r.changes).join('\n');
    expect(text).toContain('Austin');
    expect(text).not.toMatch(/TX1234567|123-45-6789|drivers_license|ssn/);
  });
});
