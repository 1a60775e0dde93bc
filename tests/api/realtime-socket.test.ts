import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '../../resources/realtime.js';
import { startSession } from '../../server/modules/users/sessions.js';
import { addMember, describeEachDatabase, ownerWithCompany, registerUser, type TestServer } from './harness.js';
import { closeSockets, collect, connectSocket, eventually, flushed, hearsCompany, listen, settle } from './realtime-helpers.js';
import { until } from './until.js';

const API = '/api/v1';


const disconnected = (socket: Socket) => {
  const state = { closed: false };
  socket.on('disconnect', () => (state.closed = true));
  return state;
};

describeEachDatabase('real-time socket', (server) => {
  let url: string;
  let s: TestServer;
  beforeAll(async () => {
    s = server();
    url = await listen(s);
  });
  afterEach(() => closeSockets());

  describe('authentication', () => {
    it('refuses a socket without a token, with a badly signed one, or with one of an ended or expired session', async () => {
      const user = await registerUser(s);
      await expect(connectSocket(url)).rejects.toThrow('Session has expired. Please log in.');
      const [head, body] = user.token.split('.');
      await expect(connectSocket(url, { token: `${head}.${body}.forged-signature` })).rejects.toThrow('Session has expired');
      await expect(connectSocket(url, { token: 'not-a-token' })).rejects.toThrow('Session has expired');

      // A token signed with a past expiry, and a session whose stored expiry has passed.
      const past = new Date(Date.now() - 60_000);
      const stale = await s.services.signer.sign({ userId: user.user.id, sessionId: 'gone' }, past);
      await expect(connectSocket(url, { token: stale })).rejects.toThrow('Session has expired');
      const other = await registerUser(s);
      const claims = (await s.services.signer.verify(other.token))!;
      await s.services.db.updateTable('sessions').set({ expires_at: past.toISOString() }).where('id', '=', claims.sessionId).execute();
      await expect(connectSocket(url, { token: other.token })).rejects.toThrow('Session has expired');

      expect((await s.call('GET', `${API}/users/logout`, { token: user.token })).status).toBe(204);
      await expect(connectSocket(url, { token: user.token })).rejects.toThrow('Session has expired');
    });

    it('accepts the token in the auth-token header as well as in the handshake auth', async () => {
      const user = await registerUser(s);
      const byHeader = await connectSocket(url, { token: user.token, asHeader: true });
      const byAuth = await connectSocket(url, { token: user.token });
      expect(byHeader.connected && byAuth.connected).toBe(true);
    });
  });

  describe('session end', () => {
    it("tells a logged-out session's sockets and closes them; the user's other sessions stay connected", async () => {
      const user = await registerUser(s);
      const login = await s.call('POST', `${API}/users/login`, { body: { email: user.email, password: user.password } });
      const ending = await connectSocket(url, { token: user.token });
      const staying = await connectSocket(url, { token: login.body.token });
      const ended = collect(ending, SOCKET_EVENTS.sessionEnded);
      const endingState = disconnected(ending);
      const stayingEnded = collect(staying, SOCKET_EVENTS.sessionEnded);

      expect((await s.call('GET', `${API}/users/logout`, { token: user.token })).status).toBe(204);
      expect(await eventually(() => endingState.closed)).toBe(true);
      expect(ended).toHaveLength(1);
      await flushed(s, staying, user.user.id);
      expect(stayingEnded).toHaveLength(0);
      expect(staying.connected).toBe(true);
    });

    it("a password change closes the sockets of the user's other sessions, not the one that changed it", async () => {
      const user = await registerUser(s);
      const login = await s.call('POST', `${API}/users/login`, { body: { email: user.email, password: user.password } });
      const mine = await connectSocket(url, { token: user.token });
      const elsewhere = await connectSocket(url, { token: login.body.token });
      const elsewhereState = disconnected(elsewhere);
      const changed = await s.call('PATCH', `${API}/users/me/change-password`, {
        token: user.token,
        body: { currentPassword: user.password, password: 'another-secret-1', confirmPassword: 'another-secret-1' },
      });
      expect(changed.status).toBe(200);
      expect(await eventually(() => elsewhereState.closed)).toBe(true);
      await flushed(s, mine, user.user.id);
      expect(mine.connected).toBe(true);
    });

    it('a wrong current password ends no session and closes no socket', async () => {
      const user = await registerUser(s);
      const login = await s.call('POST', `${API}/users/login`, { body: { email: user.email, password: user.password } });
      const elsewhere = await connectSocket(url, { token: login.body.token });
      const refused = await s.call('PATCH', `${API}/users/me/change-password`, {
        token: user.token,
        body: { currentPassword: 'wrong-one-1', password: 'another-secret-1', confirmPassword: 'another-secret-1' },
      });
      expect(refused.status).toBe(400);
      await flushed(s, elsewhere, user.user.id);
      expect(elsewhere.connected).toBe(true);
    });

    it("closes a socket when its session's time is up", async () => {
      const user = await registerUser(s);
      const token = await startSession(s.services.db, s.services, user.user.id, true);
      const claims = (await s.services.signer.verify(token))!;
      const soon = new Date(Date.now() + 1200);
      await s.services.db.updateTable('sessions').set({ expires_at: soon.toISOString() }).where('id', '=', claims.sessionId).execute();
      const socket = await connectSocket(url, { token });
      const ended = collect(socket, SOCKET_EVENTS.sessionEnded);
      const state = disconnected(socket);
      expect(await eventually(() => state.closed, 4000)).toBe(true);
      expect(ended).toHaveLength(1);
    });
  });

  describe('rooms', () => {
    it("delivers a user's events to that user's sockets only, and a company's events to the sockets acting in it only", async () => {
      const a = await ownerWithCompany(s, 'Room Paving');
      const aMember = await addMember(s, a.company.id, 'ProjectManager');
      const b = await ownerWithCompany(s, 'Other Works');
      const aSocket = await connectSocket(url, { token: a.token, companyId: a.company.id });
      const memberSocket = await connectSocket(url, { token: aMember.token, companyId: a.company.id });
      const bSocket = await connectSocket(url, { token: b.token, companyId: b.company.id });
      const seen = [aSocket, memberSocket, bSocket].map((socket) => collect<{ n: number }>(socket, SOCKET_EVENTS.notification));

      s.services.realtime.publish({ userIds: [aMember.user.id] }, SOCKET_EVENTS.notification, { n: 1 });
      s.services.realtime.publish({ companyIds: [a.company.id] }, SOCKET_EVENTS.notification, { n: 2 });
      expect(await eventually(() => seen[0]!.length === 1 && seen[1]!.length === 2)).toBe(true);
      await Promise.all([flushed(s, aSocket, a.user.id), flushed(s, memberSocket, aMember.user.id), flushed(s, bSocket, b.user.id)]);
      expect(seen[0]).toEqual([{ n: 2 }]);
      expect(seen[1]).toEqual([{ n: 1 }, { n: 2 }]);
      expect(seen[2]).toEqual([]);
    });

    it('a socket naming a company the user is not in joins no company room, at connection or when switching', async () => {
      const a = await ownerWithCompany(s, 'Switch Paving');
      const b = await ownerWithCompany(s, 'Foreign Works');
      const second = await s.call('POST', `${API}/companies`, {
        token: a.token,
        body: { name: 'Switch Second', ein: '12-3456789', address: '1 Road', country: 'US', state: 'TX', city: 'Austin', zip: '78701', contactName: 'Alice', contactPhone: '+1 512 555 0100', contactEmail: 'x@example.com' },
      });
      expect(second.status).toBe(201);

      const intruder = await connectSocket(url, { token: a.token, companyId: b.company.id });
      const intruderSeen = collect(intruder, SOCKET_EVENTS.notification);
      const mine = await connectSocket(url, { token: a.token, companyId: a.company.id });
      const mineSeen = collect<{ to: string }>(mine, SOCKET_EVENTS.notification);

      s.services.realtime.publish({ companyIds: [b.company.id] }, SOCKET_EVENTS.notification, { to: 'b' });
      s.services.realtime.publish({ companyIds: [a.company.id] }, SOCKET_EVENTS.notification, { to: 'a' });
      expect(await eventually(() => mineSeen.length === 1)).toBe(true);
      await flushed(s, intruder, a.user.id);
      expect(intruderSeen).toEqual([]);

      // Switching to a foreign company leaves the old room and joins none. The server handles the
      // switch in its own time: poll until the old room is left, within a deadline.
      mine.emit(SOCKET_EVENTS.activeCompany, { companyId: b.company.id });
      await until('the socket to leave the old company', async () => !(await hearsCompany(s, mine, a.user.id, a.company.id)), 5000);
      s.services.realtime.publish({ companyIds: [a.company.id, b.company.id] }, SOCKET_EVENTS.notification, { to: 'both' });
      await flushed(s, mine, a.user.id);
      expect(mineSeen).toEqual([{ to: 'a' }]);

      // Switching to another company of theirs joins its room.
      mine.emit(SOCKET_EVENTS.activeCompany, { companyId: second.body.id });
      await until('the socket to join the new company', () => hearsCompany(s, mine, a.user.id, second.body.id), 5000);
      s.services.realtime.publish({ companyIds: [second.body.id] }, SOCKET_EVENTS.notification, { to: 'second' });
      expect(await eventually(() => mineSeen.length === 2)).toBe(true);
      expect(mineSeen[1]).toEqual({ to: 'second' });
    });

    it("a removed member's sockets hear no more of the company", async () => {
      const a = await ownerWithCompany(s, 'Leaving Paving');
      const leaving = await addMember(s, a.company.id, 'ProjectManager');
      const socket = await connectSocket(url, { token: leaving.token, companyId: a.company.id });
      const seen = collect(socket, SOCKET_EVENTS.notification);
      s.services.realtime.publish({ companyIds: [a.company.id] }, SOCKET_EVENTS.notification, { before: true });
      expect(await eventually(() => seen.length === 1)).toBe(true);
      const membership = await s.services.db.selectFrom('memberships').select('id').where('user_id', '=', leaving.user.id).where('company_id', '=', a.company.id).executeTakeFirstOrThrow();
      const removed = await s.call('DELETE', `${API}/memberships/${membership.id}`, { token: a.token, headers: { 'x-company-id': String(a.company.id) } });
      expect(removed.status).toBe(204);
      // The request's real-time work goes out as it ends, which can be just after its answer: poll
      // until the company's events no longer reach the socket, within a deadline.
      await until('the removed member to stop hearing the company', async () => !(await hearsCompany(s, socket, leaving.user.id, a.company.id)), 5000);
      s.services.realtime.publish({ companyIds: [a.company.id] }, SOCKET_EVENTS.notification, { after: true });
      await flushed(s, socket, leaving.user.id);
      expect(seen).toEqual([{ before: true }]);
    });

    it("tells a user's companies when their first socket opens, and when their last one has stayed closed", async () => {
      const a = await ownerWithCompany(s, 'Presence Paving');
      const colleague = await addMember(s, a.company.id, 'ProjectManager');
      const watcher = await connectSocket(url, { token: a.token, companyId: a.company.id });
      const heard = collect<{ userId: number; status: string }>(watcher, SOCKET_EVENTS.presence);
      // The watcher's own arrival is announced too; only the colleague's matter here.
      const seen = () => heard.filter((e) => e.userId === colleague.user.id);
      const first = await connectSocket(url, { token: colleague.token, companyId: a.company.id });
      expect(await eventually(() => seen().length === 1)).toBe(true);
      expect(seen()[0]).toEqual({ userId: colleague.user.id, status: 'online' });
      // A second tab, and a reload (closed and opened again within the grace), say nothing more.
      const second = await connectSocket(url, { token: colleague.token, companyId: a.company.id });
      second.close();
      await settle(300);
      expect(seen()).toHaveLength(1);
      first.close();
      expect(await eventually(() => seen().length === 2, 6000)).toBe(true);
      expect(seen()[1]).toEqual({ userId: colleague.user.id, status: 'offline' });
    });

    it('answers which users hold a live socket', async () => {
      const on = await registerUser(s);
      const off = await registerUser(s);
      const socket = await connectSocket(url, { token: on.token });
      expect([...(await s.services.realtime.onlineUsers([on.user.id, off.user.id]))]).toEqual([on.user.id]);
      socket.close();
      // The server hears of the close a moment later: poll until it has, within a deadline.
      await until('both users to be offline', async () => (await s.services.realtime.onlineUsers([on.user.id, off.user.id])).size === 0, 5000);
    });
  });
});
