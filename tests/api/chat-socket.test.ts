import type { ChatMessageEvent, PresenceEvent } from '../../resources/chat.js';
import { SOCKET_EVENTS } from '../../resources/realtime.js';
import { addMember, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';
import { closeSockets, collect, connectSocket, eventually, flushed, listen, settle } from './realtime-helpers.js';

const API = '/api/v1';

describeEachDatabase('team chat on the socket', (server) => {
  let s: TestServer;
  let url: string;
  let a: number;
  let b: number;
  let alice: { token: string; id: number };
  let bob: { token: string; id: number };
  let carol: { token: string; id: number };
  let dave: { token: string; id: number };
  const as = (p: { token: string }, companyId: number) => (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
    s.call(method, `${API}${path}`, { token: p.token, headers: { 'x-company-id': String(companyId) }, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    s = server();
    const owner = await ownerWithCompany(s, 'Socket Chat A');
    const other = await ownerWithCompany(s, 'Socket Chat B');
    a = owner.company.id;
    b = other.company.id;
    alice = { token: owner.token, id: owner.user.id };
    dave = { token: other.token, id: other.user.id };
    const m1 = await addMember(s, a, 'Member');
    const m2 = await addMember(s, a, 'Member');
    bob = { token: m1.token, id: m1.user.id };
    carol = { token: m2.token, id: m2.user.id };
    url = await listen(s);
  });
  afterEach(() => closeSockets());

  it("delivers a sent message to both participants' sockets and to no one else", async () => {
    const sockets = {
      alice: await connectSocket(url, { token: alice.token, companyId: a }),
      bob: await connectSocket(url, { token: bob.token, companyId: a }),
      carol: await connectSocket(url, { token: carol.token, companyId: a }),
      dave: await connectSocket(url, { token: dave.token, companyId: b }),
    };
    const heard = {
      alice: collect<ChatMessageEvent>(sockets.alice, SOCKET_EVENTS.chatMessage),
      bob: collect<ChatMessageEvent>(sockets.bob, SOCKET_EVENTS.chatMessage),
      carol: collect(sockets.carol, SOCKET_EVENTS.chatMessage),
      dave: collect(sockets.dave, SOCKET_EVENTS.chatMessage),
    };
    const chat = (await as(alice, a)('GET', `/chat/get-chat?contactId=${bob.id}`)).body;
    const sent = await as(alice, a)('POST', '/chat/send-message', { chatId: chat.id, message: { who: alice.id, message: 'Crossing the wire' } });
    expect(sent.status).toBe(201);
    expect(await eventually(() => heard.bob.length === 1 && heard.alice.length === 1)).toBe(true);
    expect(heard.bob[0]).toEqual({ ...sent.body, companyId: a, participants: [Math.min(alice.id, bob.id), Math.max(alice.id, bob.id)], senderName: expect.any(String) });
    await Promise.all([flushed(s, sockets.carol, carol.id), flushed(s, sockets.dave, dave.id)]);
    expect(heard.carol).toEqual([]);
    expect(heard.dave).toEqual([]);
    // A refused message says nothing.
    await as(alice, a)('POST', '/chat/send-message', { chatId: chat.id, message: { who: alice.id, message: '  ' } });
    await flushed(s, sockets.bob, bob.id);
    expect(heard.bob).toHaveLength(1);
  });

  it('shows a member with a live socket with their chosen status, offline once it closes, and tells the company of a new choice', async () => {
    const bobSocket = await connectSocket(url, { token: bob.token, companyId: a });
    const aliceSocket = await connectSocket(url, { token: alice.token, companyId: a });
    const presence = collect<PresenceEvent>(aliceSocket, SOCKET_EVENTS.presence);
    const statuses = async () => Object.fromEntries(((await as(alice, a)('GET', '/chat/contacts')).body as Array<{ id: number; status: string }>).map((c) => [c.id, c.status]));
    expect(await statuses()).toEqual({ [bob.id]: 'online', [carol.id]: 'offline' });

    await as(bob, a)('PATCH', '/chat/status', { status: 'away' });
    // Bob's socket opening may be announced too (the socket server's presence); the choice follows it.
    expect(await eventually(() => presence.some((p) => p.status === 'away'))).toBe(true);
    expect(presence.at(-1)).toEqual({ userId: bob.id, status: 'away' });
    expect((await statuses())[bob.id]).toBe('away');

    // The server learns of the close a moment later.
    bobSocket.close();
    let seen = '';
    for (const until = Date.now() + 2000; seen !== 'offline' && Date.now() < until; await settle(50)) seen = (await statuses())[bob.id]!;
    expect(seen).toBe('offline');
  });
});
