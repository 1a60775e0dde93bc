import { SOCKET_EVENTS } from '../../resources/realtime.js';
import { addItems, call, lastNotificationId, member, notificationsSince, side } from './budgets-helpers.js';
import { drawFootprint, fieldWorld, reportDamage, type FieldWorld } from './damages-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';

/** The membership a person holds in a company: the id the notification routes name. */
async function membershipOf(s: TestServer, userId: number, companyId: number) {
  const row = await s.services.db.selectFrom('memberships').select('id').where('user_id', '=', userId).where('company_id', '=', companyId).where('type', '=', 'company').executeTakeFirstOrThrow();
  return row.id;
}

const unreadOf = async (s: TestServer, membershipId: number) =>
  (await s.services.db.selectFrom('notifications').select('id').where('membership_id', '=', membershipId).where('read', '=', 0).execute()).length;

describeEachDatabase('notifications: the bell, read marks and who may see them', (server) => {
  let s: TestServer;
  let w: FieldWorld;
  let ownerMember: number;
  let leaderMember: number;
  beforeAll(async () => {
    s = server();
    w = await fieldWorld(s);
    ownerMember = await membershipOf(s, w.people.owner.userId, w.owner.companyId);
    leaderMember = await membershipOf(s, w.people.leader.userId, w.owner.companyId);
  });

  it('lists the member’s notifications newest first, paged, as they were, and marks them all read', async () => {
    const drawn = [];
    for (let i = 0; i < 3; i++) drawn.push(await drawFootprint(s, w, { date: `2026-05-0${i + 1}` }, w.people.pm));
    const owner = call(s, w.people.owner);
    const before = await owner('GET', `/members/${ownerMember}/notifications/unread-count`);
    expect(before.status).toBe(200);
    expect(before.body.unread).toBe(await unreadOf(s, ownerMember));
    expect(before.body.unread).toBeGreaterThanOrEqual(3);

    const page = await owner('GET', `/members/${ownerMember}/notifications?_start=0&_end=2`);
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(before.body.unread));
    expect(page.body).toHaveLength(2);
    expect(page.body[0]).toMatchObject({ type: 'footprint', read: false, memberId: ownerMember, entityId: String(drawn[2].id), options: { projectId: w.projectId } });
    expect(page.body[0].description).toContain('A footprint was drawn');
    expect(page.body[0].id).toBeGreaterThan(page.body[1].id);
    expect(Number.isNaN(Date.parse(page.body[0].dateCreated))).toBe(false);

    // Listing marked every one of them read, not only the page shown.
    expect(await unreadOf(s, ownerMember)).toBe(0);
    expect((await owner('GET', `/members/${ownerMember}/notifications/unread-count`)).body).toEqual({ unread: 0 });
    const again = await owner('GET', `/members/${ownerMember}/notifications?_start=0&_end=2`);
    expect(again.body.map((n: { read: boolean }) => n.read)).toEqual([true, true]);
    // The leader's own were left alone.
    expect(await unreadOf(s, leaderMember)).toBeGreaterThanOrEqual(3);
  });

  it("answers 404 for another person's membership or notification and changes nothing", async () => {
    await drawFootprint(s, w, {}, w.people.pm);
    const mine = await s.services.db.selectFrom('notifications').select('id').where('membership_id', '=', ownerMember).where('read', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const strangerMember = await membershipOf(s, w.stranger.user.id, w.stranger.companyId);
    for (const who of [w.people.leader, w.people.stranger]) {
      expect((await call(s, who)('GET', `/members/${ownerMember}/notifications`)).status).toBe(404);
      expect((await call(s, who)('GET', `/members/${ownerMember}/notifications/unread-count`)).status).toBe(404);
      expect((await call(s, who)('PATCH', `/notifications/${mine.id}`, { read: true })).status).toBe(404);
    }
    // The owner acting in another company of theirs is still refused someone else's membership.
    expect((await call(s, w.people.owner)('GET', `/members/${strangerMember}/notifications`)).status).toBe(404);
    expect((await call(s, w.people.owner)('GET', '/members/2147483647/notifications')).status).toBe(404);
    expect((await call(s, w.people.owner)('PATCH', '/notifications/2147483647', { read: true })).status).toBe(404);
    expect(await s.services.db.selectFrom('notifications').select('read').where('id', '=', mine.id).executeTakeFirstOrThrow()).toEqual({ read: 0 });

    // Only { read: true } is a valid body.
    for (const body of [{ read: false }, {}, { read: 'yes' }, { read: true, description: 'x' }]) {
      expect((await call(s, w.people.owner)('PATCH', `/notifications/${mine.id}`, body)).status).toBe(400);
    }
    const marked = await call(s, w.people.owner)('PATCH', `/notifications/${mine.id}`, { read: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: mine.id, read: true, memberId: ownerMember, type: 'footprint' });
    expect(await s.services.db.selectFrom('notifications').select('read').where('id', '=', mine.id).executeTakeFirstOrThrow()).toEqual({ read: 1 });
  });

  it('reads and changes only the caller’s own settings', async () => {
    const leader = call(s, w.people.leader);
    const url = `/memberships/${leaderMember}/notification-settings`;
    expect((await leader('GET', url)).body).toEqual({ Reports: true, Delays: true, Others: true, Email: false });
    for (const who of [w.people.owner, w.people.stranger]) {
      expect((await call(s, who)('GET', url)).status).toBe(404);
      expect((await call(s, who)('PATCH', url, { Delays: false })).status).toBe(404);
    }
    for (const body of [{}, { Delays: 'no' }, { Sms: true }, { Delays: null }]) expect((await leader('PATCH', url, body)).status).toBe(400);
    expect((await leader('GET', url)).body).toEqual({ Reports: true, Delays: true, Others: true, Email: false });
    const changed = await leader('PATCH', url, { Others: false, Email: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ Reports: true, Delays: true, Others: false, Email: true });
    // The signed-in user's memberships carry them too.
    const me = await leader('GET', '/users/me');
    const mine = me.body.user.memberships.find((m: { id: number }) => m.id === leaderMember);
    expect(mine.notificationSettings).toEqual({ Reports: true, Delays: true, Others: false, Email: true });
    await leader('PATCH', url, { Others: true, Email: false });
  });

  it('leaves out a member who turned the category off, and mails one who asked for e-mail', async () => {
    const leader = call(s, w.people.leader);
    // Footprints and damages are Delays.
    expect((await leader('PATCH', `/memberships/${leaderMember}/notification-settings`, { Delays: false })).status).toBe(200);
    let mark = await lastNotificationId(s);
    const footprint = await drawFootprint(s, w, {}, w.people.pm);
    let told = await notificationsSince(s, mark);
    expect(told.map((n) => n.user_id)).toContain(w.people.owner.userId);
    expect(told.map((n) => n.user_id)).not.toContain(w.people.leader.userId);
    await leader('PATCH', `/memberships/${leaderMember}/notification-settings`, { Delays: true });
    mark = await lastNotificationId(s);
    await call(s, w.people.pm)('PATCH', `/footprints/${footprint.id}`, { restorationStatus: 'temporary' });
    told = await notificationsSince(s, mark);
    expect(told.map((n) => n.user_id)).toContain(w.people.leader.userId);

    // Budget comments are Others: the client's project manager turned them off, their owner did not.
    const clientPm = await member(s, w.client, 'ProjectManager');
    const clientPmMember = await membershipOf(s, clientPm.userId, w.client.companyId);
    await call(s, clientPm)('PATCH', `/memberships/${clientPmMember}/notification-settings`, { Others: false });
    await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 1, price: 1 }]);
    mark = await lastNotificationId(s);
    expect((await call(s, side(w.owner))('POST', `/projects/${w.projectId}/budgets/${w.budgetId}/comments`, { comment: 'Asphalt goes up' })).status).toBe(201);
    told = await notificationsSince(s, mark);
    expect(told.map((n) => n.user_id)).toEqual([w.client.user.id]);

    // E-mail on: the notification also goes out as a mail with its link, in the same transaction.
    const pmMember = await membershipOf(s, w.people.pm.userId, w.owner.companyId);
    await call(s, w.people.pm)('PATCH', `/memberships/${pmMember}/notification-settings`, { Email: true });
    const pmEmail = (await s.services.db.selectFrom('users').select('email').where('id', '=', w.people.pm.userId).executeTakeFirstOrThrow()).email;
    const ownerEmail = (await s.services.db.selectFrom('users').select('email').where('id', '=', w.people.owner.userId).executeTakeFirstOrThrow()).email;
    const damage = await reportDamage(s, w);
    const mails = await s.services.db.selectFrom('mail_outbox').selectAll().where('to_address', 'in', [pmEmail, ownerEmail]).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe(pmEmail);
    expect(mails[0]!.subject).toContain('A damage of 2026-03-05 was reported');
    expect(mails[0]!.text_body).toContain(`http://fieldwork.test/app/damages/${damage.id}`);
    expect(mails[0]!.html_body).toContain(`href="http://fieldwork.test/app/damages/${damage.id}"`);
  });

  it('never writes a row to another company than its member’s, nor shows one to another company', async () => {
    const strangerMember = await membershipOf(s, w.stranger.user.id, w.stranger.companyId);
    await reportDamage(s, w);
    await drawFootprint(s, w, {}, w.people.pm);
    const crossed = await s.services.db
      .selectFrom('notifications as n')
      .innerJoin('memberships as m', 'm.id', 'n.membership_id')
      .select('n.id')
      .whereRef('n.company_id', '!=', 'm.company_id')
      .execute();
    expect(crossed).toEqual([]);
    const strangers = await s.services.db.selectFrom('notifications').select('id').where('company_id', '=', w.stranger.companyId).execute();
    expect(strangers).toEqual([]);
    const list = await call(s, w.people.stranger)('GET', `/members/${strangerMember}/notifications`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect(list.headers['x-total-count']).toBe('0');
  });

  it("publishes each row to its member's user room once the request has succeeded, and nothing for a refused one", async () => {
    const sent: Array<{ rooms: string[]; event: string; payload: any }> = [];
    s.services.realtime.attach({ emit: (rooms, event, json) => void sent.push({ rooms, event, payload: JSON.parse(json) }) });
    try {
      const mark = await lastNotificationId(s);
      const footprint = await drawFootprint(s, w, {}, w.people.pm);
      const told = await notificationsSince(s, mark);
      const events = sent.filter((e) => e.event === SOCKET_EVENTS.notification);
      expect(events.map((e) => e.rooms).sort()).toEqual(told.map((n) => [`user:${n.user_id}`]).sort());
      const toOwner = events.find((e) => e.rooms[0] === `user:${w.people.owner.userId}`)!;
      expect(toOwner.payload).toMatchObject({ type: 'footprint', read: false, memberId: ownerMember, entityId: String(footprint.id), companyId: w.owner.companyId, options: { projectId: w.projectId } });
      expect(told.map((n) => n.id)).toContain(toOwner.payload.id);
      expect(events.some((e) => e.rooms.includes(`user:${w.people.pm.userId}`))).toBe(false);

      // A refused request (a footprint with another company's type) publishes nothing.
      sent.length = 0;
      const refused = await call(s, w.people.pm)('POST', '/footprints', { projectId: w.projectId, typeId: w.catalog.strangerFootprintType, date: '2026-03-05', kind: 'line', points: [[40, -75], [40.001, -75]] });
      expect(refused.status).toBe(400);
      expect(sent.filter((e) => e.event === SOCKET_EVENTS.notification)).toEqual([]);
    } finally {
      s.services.realtime.attach(null);
    }
  });
});
