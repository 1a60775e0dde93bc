import type { NotificationEvent } from '../../resources/notification.js';
import { SOCKET_EVENTS } from '../../resources/realtime.js';
import { lastNotificationId, notificationsSince } from './budgets-helpers.js';
import { drawFootprint, fieldWorld, type FieldWorld } from './damages-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { closeSockets, collect, connectSocket, eventually, listen, settle } from './realtime-helpers.js';

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
    await settle();
    expect(heard.actor).toEqual([]);
    expect(heard.stranger).toEqual([]);
    expect(heard.owner).toHaveLength(1);
  });
});
