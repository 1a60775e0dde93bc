import { randomBytes } from 'node:crypto';
import { FieldCipher } from '../../server/lib/field-cipher.js';
import { sealStoredSensitive } from '../../server/modules/users/sensitive-fields.js';
import { addMember, describeEachDatabase, ownerWithCompany, registerUser, type TestServer } from './harness.js';
import { API, invitee } from './members-helpers.js';

const SSN = '123-45-6789';
const LICENCE = 'TX1234567';

const rawRow = (s: TestServer, id: number) => s.services.db.selectFrom('users').select(['ssn', 'drivers_license']).where('id', '=', id).executeTakeFirstOrThrow();

const membershipOf = async (s: TestServer, userId: number, companyId: number) =>
  (await s.services.db.selectFrom('memberships').select('id').where('user_id', '=', userId).where('company_id', '=', companyId).executeTakeFirstOrThrow()).id;

/** A person who gave their SSN and licence, a member of a company with an owner, HR and a plain member. */
async function companyWithPerson(s: TestServer) {
  const owner = await ownerWithCompany(s, 'Identity Co');
  const companyId = owner.company.id as number;
  const person = await addMember(s, companyId, 'Crew');
  expect((await s.call('PATCH', `${API}/users/me`, { token: person.token, body: { ssn: SSN, driversLicense: LICENCE } })).status).toBe(200);
  return {
    owner,
    companyId,
    person,
    personMembership: await membershipOf(s, person.user.id, companyId),
    hr: await addMember(s, companyId, 'HumanResources'),
    plain: await addMember(s, companyId, 'Member'),
  };
}

describeEachDatabase('personal data: SSN and driver\'s licence', (server) => {
  it('stores them encrypted, never as the plain value', async () => {
    const s = server();
    const { user, token } = await registerUser(s);
    expect((await s.call('PATCH', `${API}/users/me`, { token, body: { ssn: SSN, driversLicense: LICENCE } })).status).toBe(200);
    const row = await rawRow(s, user.id);
    expect(row.ssn).toMatch(/^fw1:[0-9a-f]{8}:/);
    expect(row.drivers_license).toMatch(/^fw1:[0-9a-f]{8}:/);
    expect(row.ssn).not.toContain('6789');
    expect(row.drivers_license).not.toContain('4567');
  });

  it('answers them masked on GET and PATCH /users/me, and not at all on login or register', async () => {
    const s = server();
    const { email, password, token } = await registerUser(s);
    const patched = await s.call('PATCH', `${API}/users/me`, { token, body: { ssn: SSN, driversLicense: LICENCE } });
    expect(patched.body.user).toMatchObject({ ssn: '***-**-6789', driversLicense: '****4567' });
    expect((await s.call('GET', `${API}/users/me`, { token })).body.user).toMatchObject({ ssn: '***-**-6789', driversLicense: '****4567' });
    const login = await s.call('POST', `${API}/users/login`, { body: { email, password } });
    expect(login.body.user).not.toHaveProperty('ssn');
    expect(login.body.user).not.toHaveProperty('driversLicense');
    const registered = await s.call('POST', `${API}/users`, { body: { name: 'Fresh Person', phone: '+1 555 000 1111', email: `fresh.${Date.now()}@example.com`, password: 'secret123' } });
    expect(registered.body.user).not.toHaveProperty('ssn');
  });

  it('hides a short licence number whole, and clears both when emptied', async () => {
    const s = server();
    const { token } = await registerUser(s);
    expect((await s.call('PATCH', `${API}/users/me`, { token, body: { driversLicense: 'B12' } })).body.user.driversLicense).toBe('****');
    const cleared = await s.call('PATCH', `${API}/users/me`, { token, body: { driversLicense: '', ssn: '' } });
    expect(cleared.body.user).toMatchObject({ ssn: null, driversLicense: null });
  });

  it('shows the whole values to the person themself, and records each reading', async () => {
    const s = server();
    const { user, token } = await registerUser(s);
    await s.call('PATCH', `${API}/users/me`, { token, body: { ssn: SSN, driversLicense: LICENCE } });
    const res = await s.call('GET', `${API}/users/me/sensitive`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ssn: SSN, driversLicense: LICENCE });
    expect(res.headers['cache-control']).toBe('no-store');
    const audit = await s.services.db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'user').where('entity_id', '=', String(user.id)).where('action', '=', 'sensitive_revealed').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changes).not.toContain('6789');
    expect((await s.call('GET', `${API}/users/me/sensitive`)).status).toBe(401);
  });

  it('keeps them out of the member list and masks them on the member page', async () => {
    const s = server();
    const { owner, companyId, personMembership } = await companyWithPerson(s);
    const list = await s.call('GET', `${API}/companies/${companyId}/memberships`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toMatch(/ssn|driversLicense|6789/);
    const one = await s.call('GET', `${API}/memberships/${personMembership}`, { token: owner.token });
    expect(one.body).toMatchObject({ id: personMembership, ssn: '***-**-6789', driversLicense: '****4567' });
  });

  it('reveals a member\'s values to those who manage members, and records it in the company\'s activity', async () => {
    const s = server();
    const { owner, hr, companyId, personMembership } = await companyWithPerson(s);
    for (const reader of [owner, hr]) {
      const res = await s.call('GET', `${API}/memberships/${personMembership}/sensitive`, { token: reader.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ssn: SSN, driversLicense: LICENCE });
    }
    const activity = await s.call('GET', `${API}/companies/${companyId}/activity?action=sensitive_revealed`, { token: owner.token });
    expect(activity.body.map((e: { actor: { id: number } }) => e.actor.id)).toEqual([hr.user.id, owner.user.id]);
    expect(activity.body[0]).toMatchObject({ entityType: 'membership', entityId: String(personMembership) });
    expect(JSON.stringify(activity.body)).not.toContain('6789');
  });

  it('refuses the reveal to a plain member (403) and to another company (404)', async () => {
    const s = server();
    const { plain, person, personMembership } = await companyWithPerson(s);
    const stranger = await ownerWithCompany(s, 'Elsewhere Co');
    expect((await s.call('GET', `${API}/memberships/${personMembership}/sensitive`, { token: plain.token })).status).toBe(403);
    expect((await s.call('GET', `${API}/memberships/${personMembership}/sensitive`, { token: stranger.token })).status).toBe(404);
    // Being the person is no right to the member route: their own values come from /users/me/sensitive.
    expect((await s.call('GET', `${API}/memberships/${personMembership}/sensitive`, { token: person.token })).status).toBe(403);
  });

  it('has nothing to show of someone who has not joined the company', async () => {
    const s = server();
    const { owner, companyId } = await companyWithPerson(s);
    const invited = await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body: await invitee(s, companyId) });
    const res = await s.call('GET', `${API}/memberships/${invited.body.id}/sensitive`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ssn: null, driversLicense: null });
    expect((await s.call('GET', `${API}/memberships/${invited.body.id}`, { token: owner.token })).body).toMatchObject({ ssn: null, driversLicense: null });
  });

  it('encrypts values stored before encryption, and moves values under a previous key to the current one', async () => {
    const s = server();
    const { user, token } = await registerUser(s);
    await s.services.db.updateTable('users').set({ ssn: SSN, drivers_license: LICENCE }).where('id', '=', user.id).execute();
    expect(await sealStoredSensitive(s.services.db, s.services.fieldCipher)).toBeGreaterThanOrEqual(2);
    const sealed = await rawRow(s, user.id);
    expect(sealed.ssn).toMatch(/^fw1:/);
    expect((await s.call('GET', `${API}/users/me/sensitive`, { token })).body).toEqual({ ssn: SSN, driversLicense: LICENCE });

    const rotated = new FieldCipher({ current: randomBytes(32), previous: [s.config.fieldKeys.current] });
    expect(await sealStoredSensitive(s.services.db, rotated)).toBeGreaterThanOrEqual(2);
    const moved = await rawRow(s, user.id);
    expect(moved.ssn).not.toBe(sealed.ssn);
    expect(rotated.decrypt(moved.ssn!, `users.ssn:${user.id}`)).toBe(SSN);
    // The old key alone no longer reads it: rotation really re-encrypted.
    expect(() => s.services.fieldCipher.decrypt(moved.ssn!, `users.ssn:${user.id}`)).toThrow(/FIELD_ENCRYPTION_KEY/);
    expect(await sealStoredSensitive(s.services.db, rotated)).toBe(0);
  });
});
