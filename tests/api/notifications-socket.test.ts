import type { NotificationEvent } from '../../resources/notification.js';
import { SOCKET_EVENTS, type NotificationsReadEvent } from '../../resources/realtime.js';
import { lastNotificationId, notificationsSince } from './budgets-helpers.js';
import { drawFootprint, fieldWorld, type FieldWorld } from './damages-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { callAs } from './project-helpers.js';
import { closeSockets, collect, connectSocket, eventually, flushed, listen } from './realtime-helpers.js';

describeEachDatabase('notifications on the socket', (server) => {
  let s: TestServer;
  let w: FieldWorld;
  let url: string;
  beforeAll(async () => {
    s = server();
    w = await fieldWorld(s);
    url = await listen(s);
  });
  afterEach(() => closeSockets());

  it("reaches the addressed member's sockets, and neither the actor's nor another company's", async () => {
    const owner = await connectSocket(url, { token: w.people.owner.token, companyId: w.owner.companyId });
    const leader = await connectSocket(url, { token: w.people.leader.token, asHeader: true, companyId: w.owner.companyId });
    const actor = await connectSocket(url, { token: w.people.pm.token, companyId: w.owner.companyId });
    const stranger = await connectSocket(url, { token: w.stranger.token, companyId: w.stranger.companyId });
    const heard = { owner: collect<NotificationEvent>(owner, SOCKET_EVENTS.notification), leader: collect<NotificationEvent>(leader, SOCKET_EVENTS.notification), actor: collect(actor, SOCKET_EVENTS.notification), stranger: collect(stranger, SOCKET_EVENTS.notification) };

    const mark = await lastNotificationId(s);
    const footprint = await drawFootprint(s, w, {}, w.people.pm);
    const rows = await notificationsSince(s, mark);
    expect(await eventually(() => heard.owner.length === 1 && heard.leader.length === 1)).toBe(true);
    const row = rows.find((r) => r.user_id === w.people.owner.userId)!;
    expect(heard.owner[0]).toMatchObject({ id: row.id, type: 'footprint', read: false, entityId: String(footprint.id), companyId: w.owner.companyId, options: { projectId: w.projectId } });
    expect(heard.owner[0]!.description).toBe(row.description);
    expect(heard.leader[0]!.id).toBe(rows.find((r) => r.user_id === w.people.leader.userId)!.id);
    await Promise.all([flushed(s, actor, w.people.pm.userId), flushed(s, stranger, w.stranger.user.id), flushed(s, owner, w.people.owner.userId)]);
    expect(heard.actor).toEqual([]);
    expect(heard.stranger).toEqual([]);
    expect(heard.owner).toHaveLength(1);
  });

  it("tells the person's other sockets what was marked read, one or all, and nobody else", async () => {
    const mark = await lastNotificationId(s);
    await drawFootprint(s, w, {}, w.people.pm);
    await drawFootprint(s, w, {}, w.people.pm);
    const mine = (await notificationsSince(s, mark)).filter((r) => r.user_id === w.people.owner.userId);
    expect(mine).toHaveLength(2);
    const otherTab = await connectSocket(url, { token: w.people.owner.token, companyId: w.owner.companyId });
    const leader = await connectSocket(url, { token: w.people.leader.token, companyId: w.owner.companyId });
    const heard = { otherTab: collect<NotificationsReadEvent>(otherTab, SOCKET_EVENTS.notificationsRead), leader: collect(leader, SOCKET_EVENTS.notificationsRead) };
    const owner = { ...w.people.owner, headers: { 'x-company-id': String(w.owner.companyId) } };
    const { id: memberId } = await s.services.db
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', w.people.owner.userId)
      .where('company_id', '=', w.owner.companyId)
      .executeTakeFirstOrThrow();

    expect((await callAs(s, owner, 'PATCH', `/notifications/${mine[0]!.id}`, { read: true })).status).toBe(200);
    expect(await eventually(() => heard.otherTab.length === 1)).toBe(true);
    expect(heard.otherTab[0]).toEqual({ memberId, ids: [mine[0]!.id] });
    // Marking one already read again says nothing.
    expect((await callAs(s, owner, 'PATCH', `/notifications/${mine[0]!.id}`, { read: true })).status).toBe(200);
    expect((await callAs(s, owner, 'GET', `/members/${memberId}/notifications`)).status).toBe(200);
    expect(await eventually(() => heard.otherTab.length === 2)).toBe(true);
    expect(heard.otherTab[1]).toEqual({ memberId, ids: null });
    await Promise.all([flushed(s, otherTab, w.people.owner.userId), flushed(s, leader, w.people.leader.userId)]);
    expect(heard.otherTab).toHaveLength(2);
    expect(heard.leader).toEqual([]);
  });
});
