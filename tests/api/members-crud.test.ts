import { hashToken } from '../../server/lib/tokens.js';
import { addMember, describeEachDatabase, ownerWithCompany } from './harness.js';
import { API, companyWithStaff, counts, insertCategory, insertCrew, invitee, linksOf, mailTo, membershipRow, roleId } from './members-helpers.js';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('members: invite, list, read, edit, remove', (server) => {
  it('invites a member with crews, a new crew and categories in one go, and mails accept and decline links', async () => {
    const s = server();
    const { companyId, owner, pm } = await companyWithStaff(s, 'Invite Co');
    const north = await insertCrew(s, companyId, 'North');
    const south = await insertCrew(s, companyId, 'South');
    const asphalt = await insertCategory(s, companyId, 'Asphalt');
    const pmMembership = (await s.call('GET', `${API}/companies/${companyId}/memberships?email=${pm.email}`, { token: owner.token })).body[0];
    const body = await invitee(s, companyId, {
      email: 'Sam.Field@Example.com',
      assignedToCrewsAsMember: [north, north],
      assignedToCrewsAsLeader: [south],
      newCrewName: 'Night Shift',
      newCrewMembers: [pmMembership.id],
      categories: [asphalt],
    });
    const before = Date.now();
    const res = await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body });
    expect(res.status).toBe(201);
    const nightShift = await s.services.db.selectFrom('crews').select('id').where('name', '=', 'Night Shift').executeTakeFirstOrThrow();
    expect(res.body).toMatchObject({
      companyId,
      userId: null,
      name: 'Sam Invited',
      email: 'sam.field@example.com',
      phone: '+1 512 555 0199',
      country: 'US',
      state: 'TX',
      status: 'invited',
      role: 'Supervisor',
      crewsAsMember: [
        { id: nightShift.id, name: 'Night Shift' },
        { id: north, name: 'North' },
      ],
      crewsAsLeader: [{ id: south, name: 'South' }],
      categories: [{ id: asphalt, name: 'Asphalt' }],
      invitedBy: { id: owner.user.id },
    });
    const newCrew = await s.services.db.selectFrom('crew_members').select(['membership_id', 'is_leader']).where('crew_id', '=', nightShift.id).orderBy('membership_id').execute();
    expect(newCrew).toEqual([
      { membership_id: pmMembership.id, is_leader: 0 },
      { membership_id: res.body.id, is_leader: 0 },
    ]);

    const row = (await membershipRow(s, res.body.id))!;
    const mail = await mailTo(s, 'sam.field@example.com');
    const { accept, decline, token } = linksOf(mail.text_body);
    expect(mail.subject).toBe('Join Invite Co on Fieldwork');
    // No account yet: the link leads to sign-up, e-mail prefilled; the token is kept only as its hash.
    expect(accept.pathname).toBe('/app/register/account');
    expect(Object.fromEntries(accept.searchParams)).toEqual({ invitationToken: token, invitationType: 'members', companyId: String(companyId), email: 'sam.field@example.com' });
    expect(decline.href).toBe(`http://fieldwork.test/app/member-invitation/${token}/decline`);
    expect(row.invite_token_hash).toBe(hashToken(token));
    const lifetime = Date.parse(row.invite_expires_at!) - before;
    expect(lifetime).toBeGreaterThan(14 * DAY - 60000);
    expect(lifetime).toBeLessThanOrEqual(14 * DAY + 60000);

    const audit = await s.call('GET', `${API}/companies/${companyId}/activity?entityType=membership&entityId=${res.body.id}`, { token: owner.token });
    expect(audit.body.map((e: { action: string }) => e.action)).toEqual(['invited']);
  });

  it('sends an existing account to sign in rather than sign up', async () => {
    const s = server();
    const { companyId, owner } = await companyWithStaff(s, 'Login Link Co');
    const other = await ownerWithCompany(s, 'Elsewhere');
    const res = await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body: await invitee(s, companyId, { email: other.email }) });
    expect(res.status).toBe(201);
    const { accept } = linksOf((await mailTo(s, other.email)).text_body);
    expect(accept.pathname).toBe('/app/login');
    expect(accept.searchParams.get('invitationType')).toBe('members');
    expect(accept.searchParams.get('companyId')).toBe(String(companyId));
  });

  it('lists members with invited ones, paged, filtered and sorted on the server', async () => {
    const s = server();
    const { companyId, owner } = await companyWithStaff(s, 'List Co');
    for (const name of ['Alma Zed', 'Bea Young']) {
      expect((await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body: await invitee(s, companyId, { name }) })).status).toBe(201);
    }
    const all = await s.call('GET', `${API}/companies/${companyId}/memberships?_start=0&_end=3`, { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.headers['x-total-count']).toBe('8');
    expect(all.body).toHaveLength(3);
    expect(all.body[0].name).toBe('Alma Zed');
    const invited = await s.call('GET', `${API}/companies/${companyId}/memberships?status=invited&_sort=name&_order=desc`, { token: owner.token });
    expect(invited.body.map((m: { name: string }) => m.name)).toEqual(['Bea Young', 'Alma Zed']);
    const supervisors = await s.call('GET', `${API}/companies/${companyId}/memberships?role=Supervisor&name_like=zed`, { token: owner.token });
    expect(supervisors.body.map((m: { name: string }) => m.name)).toEqual(['Alma Zed']);
    const bad = await s.call('GET', `${API}/companies/${companyId}/memberships?password_like=x`, { token: owner.token });
    expect(bad.status).toBe(400);
  });

  it('filters names that start with text or match a pattern, ignoring ASCII case, with % and _ literal (both databases read a range of a case-folded name index)', async () => {
    const s = server();
    const { companyId, owner } = await companyWithStaff(s, 'Prefix Co');
    const crew = await roleId(s, companyId, 'Crew');
    const supervisor = await roleId(s, companyId, 'Supervisor');
    const now = new Date().toISOString();
    const named = [
      ['Zoe Zimmer', crew],
      ['zoe zz Top', crew],
      ['Zoë Adams', crew],
      ['Zoe_Z%', crew],
      ['Zo', crew],
      ['Ann Zoe', crew],
      ['ZOEY Ray', crew],
      ['Zoe Zeller', supervisor],
      ['Émile Zoe', crew],
    ] as const;
    await s.services.db
      .insertInto('memberships')
      .values(named.map(([name, role], i) => ({ company_id: companyId, type: 'company', role_id: role, status: 'accepted', name, email: `prefix.${i}@example.com`, notification_settings: '{}', created_at: now, updated_at: now })))
      .execute();
    const names = async (query: string) => {
      const res = await s.call('GET', `${API}/companies/${companyId}/memberships?${query}`, { token: owner.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Number(res.headers['x-total-count'])).toBe(res.body.length);
      return (res.body as Array<{ name: string }>).map((m) => m.name).sort();
    };
    const q = encodeURIComponent;
    expect(await names('name_startsWith=zoe')).toEqual(['ZOEY Ray', 'Zoe Zeller', 'Zoe Zimmer', 'Zoe_Z%', 'zoe zz Top']);
    expect(await names('name_startsWith=z')).toEqual(['ZOEY Ray', 'Zo', 'Zoe Zeller', 'Zoe Zimmer', 'Zoe_Z%', 'Zoë Adams', 'zoe zz Top']);
    expect(await names(`name_startsWith=${q('ZOE Z')}`)).toEqual(['Zoe Zeller', 'Zoe Zimmer', 'zoe zz Top']);
    expect(await names('name_startsWith=zoe_')).toEqual(['Zoe_Z%']);
    expect(await names(`name_startsWith=${q('Zoë')}`)).toEqual(['Zoë Adams']);
    expect(await names(`name_matches=${q('ZOE Z*')}`)).toEqual(['Zoe Zeller', 'Zoe Zimmer', 'zoe zz Top']);
    expect(await names(`name_matches=${q('zoe?z*')}`)).toEqual(['Zoe Zeller', 'Zoe Zimmer', 'Zoe_Z%', 'zoe zz Top']);
    expect(await names(`name_matches=${q('zoe z')}`)).toEqual([]);
    expect(await names(`name_matches=${q('*zoe')}`)).toEqual(['Ann Zoe', 'Émile Zoe']);
    // Only ASCII letters fold, on both databases: É is not é.
    expect(await names(`name_startsWith=${q('ÉMILE')}`)).toEqual(['Émile Zoe']);
    expect(await names(`name_startsWith=${q('émile')}`)).toEqual([]);
    expect(await names(`name_matches=${q('Émile z*')}`)).toEqual(['Émile Zoe']);
    // Three conditions at once, as the filter bar sends them.
    expect(await names(`name_matches=${q('zoe z*')}&status_ne=removed&roleId=${crew}`)).toEqual(['Zoe Zimmer', 'zoe zz Top']);
  });

  it('lets owners, project managers and HR manage members; supervisors, crews and plain members get 403 and change nothing', async () => {
    const s = server();
    const staff = await companyWithStaff(s, 'Perm Co');
    const { companyId } = staff;
    const target = (await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: staff.owner.token, body: await invitee(s, companyId) })).body;
    for (const who of ['pm', 'hr'] as const) {
      const token = staff[who].token;
      expect((await s.call('GET', `${API}/companies/${companyId}/memberships`, { token })).status).toBe(200);
      expect((await s.call('POST', `${API}/companies/${companyId}/memberships`, { token, body: await invitee(s, companyId) })).status).toBe(201);
      expect((await s.call('GET', `${API}/memberships/${target.id}`, { token })).status).toBe(200);
      expect((await s.call('PATCH', `${API}/memberships/${target.id}`, { token, body: { phone: `+1 512 555 01${who === 'pm' ? 11 : 22}` } })).status).toBe(200);
    }
    const before = await counts(s);
    for (const who of ['supervisor', 'crew', 'member'] as const) {
      const token = staff[who].token;
      const calls = [
        await s.call('GET', `${API}/companies/${companyId}/memberships`, { token }),
        await s.call('POST', `${API}/companies/${companyId}/memberships`, { token, body: await invitee(s, companyId) }),
        await s.call('GET', `${API}/memberships/${target.id}`, { token }),
        await s.call('PATCH', `${API}/memberships/${target.id}`, { token, body: { name: 'Hacked' } }),
        await s.call('DELETE', `${API}/memberships/${target.id}`, { token }),
      ];
      expect({ who, statuses: calls.map((c) => c.status) }).toEqual({ who, statuses: [403, 403, 403, 403, 403] });
    }
    expect(await counts(s)).toEqual(before);
    expect((await membershipRow(s, target.id))!.name).toBe('Sam Invited');
    expect((await s.call('DELETE', `${API}/memberships/${target.id}`, { token: staff.hr.token })).status).toBe(204);
  });

  it('answers bad input with 400 and per-field details, creating nothing', async () => {
    const s = server();
    const { companyId, owner } = await companyWithStaff(s, 'Bad Input Co');
    const other = await ownerWithCompany(s, 'Other Tenant');
    const otherCompany = other.company.id as number;
    const foreignCrew = await insertCrew(s, otherCompany, 'Their Crew');
    const foreignCategory = await insertCategory(s, otherCompany, 'Their Category');
    const post = async (overrides: Record<string, unknown>) =>
      s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body: await invitee(s, companyId, overrides) });
    const before = await counts(s);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '  ' }, 'name', 'Name is required'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ roleId: null }, 'roleId', 'Role is required'],
      [{ phone: '+1 512' }, 'phone', 'Phone must be longer than 9 characters'],
      [{ country: 'USA' }, 'country', 'Country must be a two-letter code'],
      [{ newCrewMembers: [1] }, 'newCrewName', 'Name the new crew for these members'],
      [{ roleId: await roleId(s, companyId, 'Owner') }, 'roleId', 'Choose a role this company can assign'],
      [{ roleId: await roleId(s, otherCompany, 'Crew') }, 'roleId', 'Choose a role this company can assign'],
      [{ assignedToCrewsAsMember: [foreignCrew] }, 'assignedToCrewsAsMember', `Unknown crew: ${foreignCrew}`],
      [{ assignedToCrewsAsLeader: [999999] }, 'assignedToCrewsAsLeader', 'Unknown crew: 999999'],
      [{ categories: [foreignCategory] }, 'categories', `Unknown category: ${foreignCategory}`],
      [{ newCrewName: 'Mixed', newCrewMembers: [999999] }, 'newCrewMembers', 'Unknown member: 999999'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await post(overrides);
      expect({ field, status: res.status, details: res.body.error.details }).toEqual({ field, status: 400, details: expect.arrayContaining([{ field, message }]) });
    }
    expect(await counts(s)).toEqual(before);
  });

  it('refuses an e-mail already in the company (member or invitation) with 409', async () => {
    const s = server();
    const { companyId, owner, crew } = await companyWithStaff(s, 'Dup Co');
    const first = await invitee(s, companyId);
    expect((await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body: first })).status).toBe(201);
    const before = await counts(s);
    const again = await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body: { ...first, email: first.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This e-mail has already been invited to the company');
    const member = await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body: await invitee(s, companyId, { email: crew.email }) });
    expect(member.status).toBe(409);
    expect(member.body.error.message).toBe('A member with this e-mail already belongs to the company');
    expect(await counts(s)).toEqual(before);
  });

  it("hides another company's members: 404 on read, edit, delete and the company's list, nothing changed", async () => {
    const s = server();
    const a = await companyWithStaff(s, 'Tenant A');
    const b = await ownerWithCompany(s, 'Tenant B');
    const target = (await s.call('POST', `${API}/companies/${a.companyId}/memberships`, { token: a.owner.token, body: await invitee(s, a.companyId) })).body;
    const before = await counts(s);
    const token = b.token;
    expect((await s.call('GET', `${API}/companies/${a.companyId}/memberships`, { token })).status).toBe(404);
    expect((await s.call('POST', `${API}/companies/${a.companyId}/memberships`, { token, body: await invitee(s, a.companyId) })).status).toBe(404);
    expect((await s.call('GET', `${API}/memberships/${target.id}`, { token })).status).toBe(404);
    expect((await s.call('PATCH', `${API}/memberships/${target.id}`, { token, body: { name: 'Taken Over' } })).status).toBe(404);
    expect((await s.call('DELETE', `${API}/memberships/${target.id}`, { token })).status).toBe(404);
    expect((await s.call('GET', `${API}/memberships/999999`, { token: a.owner.token })).status).toBe(404);
    expect(await counts(s)).toEqual(before);
    expect((await membershipRow(s, target.id))!.name).toBe('Sam Invited');
  });

  it("edits a member's fields, role, crews and categories; a pending invitation follows a new e-mail", async () => {
    const s = server();
    const { companyId, owner } = await companyWithStaff(s, 'Edit Co');
    const crewId = await insertCrew(s, companyId, 'Paving');
    const body = await invitee(s, companyId, { assignedToCrewsAsMember: [crewId] });
    const created = (await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: owner.token, body })).body;
    const oldToken = linksOf((await mailTo(s, body.email)).text_body).token;
    const res = await s.call('PATCH', `${API}/memberships/${created.id}`, {
      token: owner.token,
      body: { name: 'Sam Renamed', email: 'sam.new@example.com', roleId: await roleId(s, companyId, 'CrewLeader'), assignedToCrewsAsMember: [], assignedToCrewsAsLeader: [crewId] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Sam Renamed', email: 'sam.new@example.com', role: 'CrewLeader', crewsAsMember: [], crewsAsLeader: [{ id: crewId, name: 'Paving' }] });
    const newToken = linksOf((await mailTo(s, 'sam.new@example.com')).text_body).token;
    expect(newToken).not.toBe(oldToken);
    expect((await s.call('GET', `${API}/memberships/invitations/${oldToken}`)).status).toBe(404);
    expect((await s.call('GET', `${API}/memberships/invitations/${newToken}`)).status).toBe(200);
    const audit = await s.call('GET', `${API}/companies/${companyId}/activity?entityType=membership&entityId=${created.id}`, { token: owner.token });
    expect(audit.body[0]).toMatchObject({ action: 'updated', changes: { name: { from: 'Sam Invited', to: 'Sam Renamed' }, role: { from: 'Supervisor', to: 'CrewLeader' } } });
    const bad = await s.call('PATCH', `${API}/memberships/${created.id}`, { token: owner.token, body: { email: 'nope', name: 'Changed' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
    expect((await membershipRow(s, created.id))!.name).toBe('Sam Renamed');
  });

  it('keeps the last Owner: no demotion or removal (409); only an Owner may touch an Owner', async () => {
    const s = server();
    const { companyId, owner, pm } = await companyWithStaff(s, 'Owner Co');
    const ownerMembership = (await s.call('GET', `${API}/companies/${companyId}/memberships?role=Owner`, { token: owner.token })).body[0];
    const demote = await s.call('PATCH', `${API}/memberships/${ownerMembership.id}`, { token: owner.token, body: { roleId: await roleId(s, companyId, 'ProjectManager') } });
    expect(demote.status).toBe(409);
    expect(demote.body.error.code).toBe('LAST_OWNER');
    expect((await s.call('DELETE', `${API}/memberships/${ownerMembership.id}`, { token: owner.token })).status).toBe(409);
    expect((await s.call('PATCH', `${API}/memberships/${ownerMembership.id}`, { token: pm.token, body: { name: 'Renamed Boss' } })).status).toBe(403);
    expect((await s.call('DELETE', `${API}/memberships/${ownerMembership.id}`, { token: pm.token })).status).toBe(403);
    expect((await membershipRow(s, ownerMembership.id))!.role_id).toBe(await roleId(s, companyId, 'Owner'));
    // With a second Owner, one of them may step down.
    await addMember(s, companyId, 'Owner');
    const stepDown = await s.call('PATCH', `${API}/memberships/${ownerMembership.id}`, { token: owner.token, body: { roleId: await roleId(s, companyId, 'ProjectManager') } });
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.role).toBe('ProjectManager');
  });

  it('removes a member with their crew assignments and categories', async () => {
    const s = server();
    const { companyId, owner } = await companyWithStaff(s, 'Remove Co');
    const crewId = await insertCrew(s, companyId, 'Grading');
    const categoryId = await insertCategory(s, companyId, 'Concrete');
    const created = (
      await s.call('POST', `${API}/companies/${companyId}/memberships`, {
        token: owner.token,
        body: await invitee(s, companyId, { assignedToCrewsAsMember: [crewId], assignedToCrewsAsLeader: [crewId], categories: [categoryId] }),
      })
    ).body;
    expect((await s.call('DELETE', `${API}/memberships/${created.id}`, { token: owner.token })).status).toBe(204);
    expect(await membershipRow(s, created.id)).toBeUndefined();
    expect(await s.services.db.selectFrom('crew_members').selectAll().where('membership_id', '=', created.id).execute()).toEqual([]);
    expect(await s.services.db.selectFrom('member_categories').selectAll().where('membership_id', '=', created.id).execute()).toEqual([]);
    expect(await s.services.db.selectFrom('crews').select('id').where('id', '=', crewId).executeTakeFirst()).toBeDefined();
    const audit = await s.call('GET', `${API}/companies/${companyId}/activity?entityType=membership&entityId=${created.id}`, { token: owner.token });
    expect(audit.body[0].action).toBe('removed');
  });
});
