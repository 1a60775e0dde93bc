import { CHAT_MESSAGE_MAX } from '../../resources/chat.js';
import { SOCKET_EVENTS } from '../../resources/realtime.js';
import type { RealtimeTransport } from '../../server/realtime/hub.js';
import { addMember, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';

const API = '/api/v1';

interface Person {
  token: string;
  userId: number;
  name: string;
  headers: Record<string, string>;
}

/**
 * Company A: Alice (owner), Bob and Carol (members), Eve (also a member of company B). Company B:
 * Dave (owner) and Eve. Each call names its company with X-Company-Id as the client does.
 */
async function chatWorld(s: TestServer) {
  const alice = await ownerWithCompany(s, 'Chat A');
  const dave = await ownerWithCompany(s, 'Chat B');
  const a = alice.company.id as number;
  const b = dave.company.id as number;
  const person = (p: { token: string; user: { id: number; name: string } }, companyId: number): Person => ({
    token: p.token,
    userId: p.user.id,
    name: p.user.name,
    headers: { 'x-company-id': String(companyId) },
  });
  const bob = await addMember(s, a, 'Member');
  const carol = await addMember(s, a, 'Crew');
  const eve = await addMember(s, a, 'Member');
  const role = await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', b).where('name', '=', 'Member').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await s.services.db
    .insertInto('memberships')
    .values({ user_id: eve.user.id, company_id: b, type: 'company', role_id: role.id, status: 'accepted', name: eve.user.name, email: eve.email, notification_settings: '{}', created_at: now, updated_at: now })
    .execute();
  // Names sort the contact list.
  for (const [p, name] of [[alice, 'Alice Adams'], [bob, 'Bob Brown'], [carol, 'Carol Clark'], [dave, 'Dave Dunn'], [eve, 'Eve Evans']] as const) {
    await s.services.db.updateTable('users').set({ name }).where('id', '=', p.user.id).execute();
    p.user.name = name;
  }
  return {
    companies: { a, b },
    alice: person(alice, a),
    bob: person(bob, a),
    carol: person(carol, a),
    eve: person(eve, a),
    eveInB: person(eve, b),
    dave: person(dave, b),
  };
}

type World = Awaited<ReturnType<typeof chatWorld>>;

describeEachDatabase('team chat', (server) => {
  let s: TestServer;
  let w: World;
  const as = (p: Person) => (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
    s.call(method, `${API}${path}`, { token: p.token, headers: p.headers, ...(body === undefined ? {} : { body }) });
  const send = (p: Person, chatId: number, message: string) => as(p)('POST', '/chat/send-message', { chatId, message: { who: p.userId, message, time: '1999-01-01T00:00:00.000Z' } });
  const open = async (p: Person, contact: Person, query = '') => {
    const res = await as(p)('GET', `/chat/get-chat?contactId=${contact.userId}${query}`);
    expect(res.status).toBe(200);
    return res.body as { id: number; contactId: number; dialog: Array<{ id: number; who: number; message: string; time: string }>; hasMore: boolean };
  };
  const unreadFrom = async (p: Person, contact: Person) => {
    const res = await as(p)('GET', '/chat/contacts');
    return (res.body as Array<{ id: number; unread: number }>).find((c) => c.id === contact.userId)?.unread;
  };
  const messageCount = async () => Number((await s.services.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    s = server();
    w = await chatWorld(s);
  });

  it('lists the other accepted members of the active company as contacts, by name, offline without a socket', async () => {
    const res = await as(w.alice)('GET', '/chat/contacts');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: w.bob.userId, name: 'Bob Brown', avatar: null, status: 'offline', unread: 0 },
      { id: w.carol.userId, name: 'Carol Clark', avatar: null, status: 'offline', unread: 0 },
      { id: w.eve.userId, name: 'Eve Evans', avatar: null, status: 'offline', unread: 0 },
    ]);
    expect(res.headers['x-total-count']).toBe('3');
    const narrowed = await as(w.alice)('GET', '/chat/contacts?q=car');
    expect(narrowed.body.map((c: { name: string }) => c.name)).toEqual(['Carol Clark']);
    // Eve in company B sees Dave only.
    expect((await as(w.eveInB)('GET', '/chat/contacts')).body.map((c: { id: number }) => c.id)).toEqual([w.dave.userId]);
  });

  it('carries a message between two members: send, get-chat, unread counts, and read marks that stick', async () => {
    const chat = await open(w.alice, w.bob);
    expect(chat).toMatchObject({ contactId: w.bob.userId, dialog: [], hasMore: false });
    // The other side opens the same chat.
    expect((await open(w.bob, w.alice)).id).toBe(chat.id);

    const before = Date.now();
    const sent = await send(w.alice, chat.id, '  Trench at 5th is open  ');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ chatId: chat.id, who: w.alice.userId, message: 'Trench at 5th is open' });
    // The server sets the time, not the client.
    expect(Date.parse(sent.body.time)).toBeGreaterThanOrEqual(before - 1000);

    expect(await unreadFrom(w.bob, w.alice)).toBe(1);
    expect(await unreadFrom(w.alice, w.bob)).toBe(0);
    const bobsChats = await as(w.bob)('GET', '/chat/user');
    expect(bobsChats.body).toEqual([{ contactId: w.alice.userId, chatId: chat.id, lastMessageTime: sent.body.time, unread: 1 }]);
    expect((await as(w.alice)('GET', '/chat/user')).body).toEqual([{ contactId: w.bob.userId, chatId: chat.id, lastMessageTime: sent.body.time, unread: 0 }]);

    const read = await open(w.bob, w.alice);
    expect(read.dialog).toEqual([{ id: sent.body.id, chatId: chat.id, who: w.alice.userId, message: 'Trench at 5th is open', time: sent.body.time }]);
    expect(await unreadFrom(w.bob, w.alice)).toBe(0);
    expect((await as(w.bob)('GET', '/chat/user')).body[0].unread).toBe(0);

    // A reply: Alice's count goes up, Bob's own message is not unread to him; the read mark holds.
    expect((await send(w.bob, chat.id, 'On my way')).status).toBe(201);
    expect(await unreadFrom(w.alice, w.bob)).toBe(1);
    expect(await unreadFrom(w.bob, w.alice)).toBe(0);
    await send(w.alice, chat.id, 'Thanks');
    expect(await unreadFrom(w.bob, w.alice)).toBe(1);
    // Paging back does not mark the newest read.
    await open(w.bob, w.alice, `&before=${sent.body.id + 1}`);
    expect(await unreadFrom(w.bob, w.alice)).toBe(1);
    await open(w.bob, w.alice, `&userId=${w.bob.userId}`);
    expect(await unreadFrom(w.bob, w.alice)).toBe(0);
  });

  it("refuses a chat to anyone outside it: another company's member, a member acting in another company, a colleague who is not in it (404)", async () => {
    const chat = await open(w.alice, w.bob);
    const stored = await messageCount();
    // Dave (company B) neither reads nor writes it, nor reaches Alice as a contact.
    expect((await send(w.dave, chat.id, 'Hello from B')).status).toBe(404);
    expect((await as(w.dave)('GET', `/chat/get-chat?contactId=${w.alice.userId}`)).status).toBe(404);
    // Carol is in company A but not in this chat.
    expect((await send(w.carol, chat.id, 'Hi both')).status).toBe(404);
    // Eve's own chat with Alice belongs to A: acting in B, Eve cannot use it.
    const eves = await open(w.eve, w.alice);
    expect((await send(w.eveInB, eves.id, 'From the other tab')).status).toBe(404);
    expect((await as(w.eveInB)('GET', `/chat/get-chat?contactId=${w.alice.userId}`)).status).toBe(404);
    expect((await as(w.eveInB)('GET', '/chat/user')).body).toEqual([]);
    // Naming another user as the caller, or oneself as the contact.
    expect((await as(w.carol)('GET', `/chat/get-chat?contactId=${w.alice.userId}&userId=${w.bob.userId}`)).status).toBe(404);
    expect((await as(w.alice)('GET', `/chat/get-chat?contactId=${w.alice.userId}`)).status).toBe(404);
    expect((await as(w.alice)('GET', '/chat/get-chat?contactId=999999')).status).toBe(404);
    expect(await messageCount()).toBe(stored);
  });

  it('does not send an empty, blank or over-long message, nor one whose who is not the caller (400, nothing stored)', async () => {
    const chat = await open(w.alice, w.carol);
    const stored = await messageCount();
    for (const message of ['', '   ', '\n\t ', 'x'.repeat(CHAT_MESSAGE_MAX + 1)]) {
      const res = await send(w.alice, chat.id, message);
      expect(res.status).toBe(400);
    }
    expect((await send(w.alice, chat.id, '')).body.error.details[0].field).toBe('message.message');
    const impostor = await as(w.alice)('POST', '/chat/send-message', { chatId: chat.id, message: { who: w.carol.userId, message: 'I am Carol' } });
    expect(impostor.status).toBe(400);
    expect((await as(w.alice)('POST', '/chat/send-message', { chatId: chat.id })).status).toBe(400);
    expect(await messageCount()).toBe(stored);
    expect((await send(w.alice, chat.id, 'x'.repeat(CHAT_MESSAGE_MAX))).status).toBe(201);
  });

  it('pages the history backwards from the newest, oldest first within a page', async () => {
    const chat = await open(w.carol, w.eve);
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await send(i % 2 ? w.carol : w.eve, chat.id, `Message ${i}`)).body.id);
    const first = await open(w.carol, w.eve, '&limit=3');
    expect(first.dialog.map((m) => m.message)).toEqual(['Message 5', 'Message 6', 'Message 7']);
    expect(first.hasMore).toBe(true);
    const second = await open(w.carol, w.eve, `&limit=3&before=${first.dialog[0]!.id}`);
    expect(second.dialog.map((m) => m.message)).toEqual(['Message 2', 'Message 3', 'Message 4']);
    expect(second.hasMore).toBe(true);
    const last = await open(w.carol, w.eve, `&limit=3&before=${second.dialog[0]!.id}`);
    expect(last.dialog.map((m) => m.message)).toEqual(['Message 1']);
    expect(last.hasMore).toBe(false);
    expect((await open(w.carol, w.eve)).dialog.map((m) => m.id)).toEqual(ids);
    for (const bad of ['&limit=0', '&limit=101', '&limit=x', '&before=abc', '&extra=1']) {
      expect((await as(w.carol)('GET', `/chat/get-chat?contactId=${w.eve.userId}${bad}`)).status).toBe(400);
    }
    expect((await as(w.carol)('GET', '/chat/get-chat')).status).toBe(400);
  });

  it('closes a chat once the contact leaves the company', async () => {
    const leaver = await addMember(s, w.companies.a, 'Member');
    const p: Person = { token: leaver.token, userId: leaver.user.id, name: leaver.user.name, headers: w.alice.headers };
    const chat = await open(w.alice, p);
    expect((await send(w.alice, chat.id, 'Before you go')).status).toBe(201);
    await s.services.db.updateTable('memberships').set({ status: 'removed' }).where('user_id', '=', leaver.user.id).execute();
    expect((await send(w.alice, chat.id, 'Still there?')).status).toBe(404);
    expect((await as(w.alice)('GET', `/chat/get-chat?contactId=${leaver.user.id}`)).status).toBe(404);
    expect((await as(w.alice)('GET', '/chat/user')).body.map((c: { contactId: number }) => c.contactId)).not.toContain(leaver.user.id);
  });

  describe('presence and live delivery', () => {
    const sent: Array<{ rooms: string[]; event: string; payload: any }> = [];
    let online = new Set<number>();
    beforeAll(() => {
      const transport: RealtimeTransport = {
        emit: (rooms, event, json) => void sent.push({ rooms, event, payload: JSON.parse(json) }),
        onlineUsers: async (ids) => new Set(ids.filter((id) => online.has(id))),
      };
      s.services.realtime.attach(transport);
    });
    afterAll(() => s.services.realtime.attach(null));

    it("shows the chosen status of members holding a socket, offline for the others, and tells the user's companies when it changes", async () => {
      online = new Set([w.bob.userId, w.eve.userId]);
      sent.length = 0;
      const res = await as(w.bob)('PATCH', '/chat/status', { status: 'do-not-disturb' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ chosen: 'do-not-disturb', status: 'do-not-disturb' });
      expect((await as(w.bob)('GET', '/chat/status')).body).toEqual({ chosen: 'do-not-disturb', status: 'do-not-disturb' });
      expect(sent).toEqual([{ rooms: expect.arrayContaining([`company:${w.companies.a}`, `user:${w.bob.userId}`]), event: SOCKET_EVENTS.presence, payload: { userId: w.bob.userId, status: 'do-not-disturb' } }]);
      // Carol chose away but has no socket: others see her offline.
      await as(w.carol)('PATCH', '/chat/status', { status: 'away' });
      const contacts = (await as(w.alice)('GET', '/chat/contacts')).body as Array<{ id: number; status: string }>;
      expect(Object.fromEntries(contacts.map((c) => [c.id, c.status]))).toMatchObject({ [w.bob.userId]: 'do-not-disturb', [w.carol.userId]: 'offline', [w.eve.userId]: 'online' });
      // Eve's change reaches both of her companies.
      sent.length = 0;
      await as(w.eve)('PATCH', '/chat/status', { status: 'away' });
      expect(sent[0]!.rooms).toEqual(expect.arrayContaining([`company:${w.companies.a}`, `company:${w.companies.b}`]));
      expect((await as(w.dave)('GET', '/chat/contacts')).body[0]).toMatchObject({ id: w.eve.userId, status: 'away' });
      expect((await as(w.bob)('PATCH', '/chat/status', { status: 'offline' })).status).toBe(400);
    });

    it("publishes a sent message to both participants' user rooms, and nothing for a refused one", async () => {
      const chat = await open(w.alice, w.bob);
      sent.length = 0;
      const res = await send(w.alice, chat.id, 'Live one');
      expect(sent).toEqual([
        {
          rooms: expect.arrayContaining([`user:${w.alice.userId}`, `user:${w.bob.userId}`]),
          event: SOCKET_EVENTS.chatMessage,
          payload: { ...res.body, companyId: w.companies.a, participants: [Math.min(w.alice.userId, w.bob.userId), Math.max(w.alice.userId, w.bob.userId)], senderName: 'Alice Adams' },
        },
      ]);
      expect(sent[0]!.rooms).toHaveLength(2);
      sent.length = 0;
      await send(w.dave, chat.id, 'Refused');
      await send(w.alice, chat.id, '   ');
      expect(sent).toEqual([]);
    });
  });
});
