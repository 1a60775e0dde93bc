import type { Socket } from 'socket.io-client';
import { liveChannel, SOCKET_EVENTS, type LiveEvent } from '../../resources/realtime.js';
import { call, type Caller } from './budgets-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { recordProduction } from './productions-helpers.js';
import { closeSockets, collect, connectSocket, eventually, flushed, listen } from './realtime-helpers.js';
import { createTask, taskWorld, type TaskWorld } from './tasks-helpers.js';

const companyOf = (who: Caller & { headers: Record<string, string> }) => Number(who.headers['x-company-id']);

describeEachDatabase('live events (Refine live provider)', (server) => {
  let url: string;
  let s: TestServer;
  let w: TaskWorld;
  const sockets = new Map<string, { socket: Socket; userId: number; seen: LiveEvent[] }>();
  const watch = async (name: string, who: Caller) => {
    const socket = await connectSocket(url, { token: who.token, companyId: companyOf(who as Caller & { headers: Record<string, string> }) });
    const entry = { socket, userId: who.userId, seen: collect<LiveEvent>(socket, SOCKET_EVENTS.live) };
    sockets.set(name, entry);
    return entry.seen;
  };
  const on = (seen: LiveEvent[], resource: string) => seen.filter((e) => e.channel === liveChannel(resource));
  /** Every event already sent to these sockets has arrived (for "did not receive" checks). */
  const flushedAll = (...names: string[]) => Promise.all(names.map((n) => flushed(s, sockets.get(n)!.socket, sockets.get(n)!.userId)));

  beforeAll(async () => {
    s = server();
    url = await listen(s);
    w = await taskWorld(s);
  });
  afterEach(() => {
    closeSockets();
    sockets.clear();
  });

  it("a production changed by one member reaches another member's socket and the project's companies, with its id only, and no other company's", async () => {
    const production = await recordProduction(s, w, w.people.subLeader);
    const subPm = await watch('subPm', w.people.subPm);
    const owner = await watch('owner', w.people.owner);
    const stranger = await watch('stranger', w.people.stranger);

    const res = await call(s, w.people.subLeader)('PATCH', `/production/${production.id}`, { texts: { notes: 'Rain after noon' } });
    expect(res.status).toBe(200);
    expect(await eventually(() => on(subPm, 'productions').length === 1)).toBe(true);
    const [event] = on(subPm, 'productions');
    expect(event).toEqual({ channel: 'resources/productions', type: 'updated', payload: { ids: [production.id] }, date: expect.any(String) });
    expect(Object.keys(event!.payload)).toEqual(['ids']);
    expect(await eventually(() => on(owner, 'productions').length === 1)).toBe(true);
    await flushedAll('stranger');
    expect(stranger).toEqual([]);
  });

  it("a task changed by one member reaches another member of its company, and neither the project's other companies nor strangers", async () => {
    const task = await createTask(s, w);
    const ownerPm = await watch('ownerPm', w.people.ownerPm);
    const sub = await watch('sub', w.people.sub);
    const stranger = await watch('stranger', w.people.stranger);

    const res = await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { summary: 'Mark the trench twice' });
    expect(res.status).toBe(200);
    expect(await eventually(() => on(ownerPm, 'tasks').length === 1)).toBe(true);
    expect(on(ownerPm, 'tasks')[0]).toMatchObject({ type: 'updated', payload: { ids: [task.id] } });
    expect(on(ownerPm, 'project-tasks')[0]).toMatchObject({ type: 'updated', payload: { ids: [task.id] } });
    await flushedAll('sub', 'stranger');
    expect(sub).toEqual([]);
    expect(stranger).toEqual([]);
  });

  it("skips the socket of the tab that made the change (X-Socket-Id), not the same person's other tabs; a malformed id skips nobody", async () => {
    const task = await createTask(s, w);
    const tabA = await watch('tabA', w.people.owner);
    const tabB = await watch('tabB', w.people.owner);
    const fromTabA = { ...w.people.owner, headers: { ...w.people.owner.headers, 'x-socket-id': sockets.get('tabA')!.socket.id! } };

    expect((await call(s, fromTabA)('PATCH', `/tasks/${task.id}`, { summary: 'Mark the trench again' })).status).toBe(200);
    expect(await eventually(() => on(tabB, 'tasks').length === 1)).toBe(true);
    await flushedAll('tabA');
    expect(on(tabA, 'tasks')).toEqual([]);

    const malformed = { ...w.people.owner, headers: { ...w.people.owner.headers, 'x-socket-id': 'not a socket id!' } };
    expect((await call(s, malformed)('PATCH', `/tasks/${task.id}`, { summary: 'Mark it a third time' })).status).toBe(200);
    expect(await eventually(() => on(tabA, 'tasks').length === 1 && on(tabB, 'tasks').length === 2)).toBe(true);
  });

  it('a new row is announced as created without ids, and a deleted one as deleted with its id', async () => {
    const ownerPm = await watch('ownerPm', w.people.ownerPm);
    const task = await createTask(s, w);
    expect(await eventually(() => on(ownerPm, 'tasks').length === 1)).toBe(true);
    expect(on(ownerPm, 'tasks')[0]).toMatchObject({ type: 'created', payload: { ids: [] } });
    expect((await call(s, w.people.owner)('DELETE', `/tasks/${task.id}`)).status).toBe(204);
    expect(await eventually(() => on(ownerPm, 'tasks').length === 2)).toBe(true);
    expect(on(ownerPm, 'tasks')[1]).toMatchObject({ type: 'deleted', payload: { ids: [task.id] } });
  });

  it('a refused or invalid change announces nothing, and neither does a read', async () => {
    const task = await createTask(s, w);
    const ownerPm = await watch('ownerPm', w.people.ownerPm);
    expect((await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { summary: '' })).status).toBe(400);
    expect((await call(s, w.people.stranger)('PATCH', `/tasks/${task.id}`, { summary: 'Not mine' })).status).toBe(404);
    expect((await call(s, w.people.owner)('GET', `/tasks/${task.id}`)).status).toBe(200);
    // Refused requests publish nothing, and a read's events (were there any) go out before its answer.
    await flushedAll('ownerPm');
    expect(ownerPm).toEqual([]);
  });
});
