import { QUICK_NOTES_MAX } from '../../resources/quick-panel.js';
import { call, type Caller } from './budgets-helpers.js';
import { insertTask } from './calendar-rows.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { productionWorld, recordProduction, type ProductionWorld } from './productions-helpers.js';

const DAY = '2026-07-14';

describeEachDatabase('quick panel', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  const data = async (who: Caller, query = `?date=${DAY}`) => {
    const res = await call(s, who)('GET', `/quick-panel/data${query}`);
    expect(res.status).toBe(200);
    return res.body as { date: string; events: Array<{ id: string; title: string; detail: string; url: string }>; moreEvents: number; notes: Array<{ id: number; title: string; detail: string | null }>; settings: Record<string, boolean> };
  };

  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
  });

  describe('events of the day', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      const company = w.owner.companyId;
      ids = {
        paving: await insertTask(s, { companyId: company, projectId: w.projectId, crewId: w.crews.paving, summary: 'Pave the lot', start: DAY, end: null }),
        running: await insertTask(s, { companyId: company, projectId: w.projectId, crewId: w.crews.paving, summary: 'Mill the street', start: '2026-07-13', end: '2026-07-15', status: 'progress' }),
        tomorrow: await insertTask(s, { companyId: company, projectId: w.projectId, crewId: w.crews.paving, summary: 'Stripe the lot', start: '2026-07-15', end: null }),
        noCrew: await insertTask(s, { companyId: company, projectId: w.projectId, crewId: null, summary: 'Order cones', start: DAY, end: null }),
        production: (await recordProduction(s, w, w.people.ownerLeader, { date: DAY })).id,
      };
    });

    it("answers the tasks of the caller's crews and the company's calendar items of that day, each opening its page", async () => {
      const { date, events, moreEvents } = await data(w.people.ownerLeader);
      expect(date).toBe(DAY);
      expect(moreEvents).toBe(0);
      expect(events.map((e) => e.id)).toEqual([`task-${ids.running}`, `task-${ids.paving}`, `production-${ids.production}`]);
      expect(events[0]).toEqual({ id: `task-${ids.running}`, title: 'Mill the street', detail: 'Task · Progress · until 2026-07-15', url: `/app/tasks/${ids.running}` });
      expect(events[1]).toEqual({ id: `task-${ids.paving}`, title: 'Pave the lot', detail: 'Task · Open', url: `/app/tasks/${ids.paving}` });
      expect(events[2]).toMatchObject({ detail: 'Production · Draft', url: `/app/productions/inspect/${ids.production}` });
      // A crew member sees the crew's tasks too; the next day holds the other task.
      expect((await data(w.people.ownerCrew)).events.map((e) => e.id)).toContain(`task-${ids.paving}`);
      expect((await data(w.people.ownerLeader, '?date=2026-07-15')).events.map((e) => e.id)).toEqual([`task-${ids.running}`, `task-${ids.tomorrow}`]);
    });

    it('leaves out tasks of crews the caller is not in, and every row of another company', async () => {
      // The owner is in no crew: the production of the day, no tasks.
      expect((await data(w.people.owner)).events.map((e) => e.id)).toEqual([`production-${ids.production}`]);
      expect((await data(w.people.stranger)).events).toEqual([]);
    });

    it("takes the client's day, the server's UTC day without one, and refuses a date that is not a day", async () => {
      expect((await data(w.people.ownerLeader, '')).date).toBe(new Date().toISOString().slice(0, 10));
      for (const bad of ['?date=2026-02-30', '?date=tomorrow', '?date=2026-7-1', '?other=1']) {
        expect((await call(s, w.people.ownerLeader)('GET', `/quick-panel/data${bad}`)).status).toBe(400);
      }
    });
  });

  describe('notes', () => {
    it("adds, edits and deletes the caller's own notes, newest first", async () => {
      const me = w.people.ownerPm;
      const first = await call(s, me)('POST', '/quick-panel/notes', { title: '  Call the city  ', detail: 'About the permit' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ title: 'Call the city', detail: 'About the permit' });
      const second = await call(s, me)('POST', '/quick-panel/notes', { title: 'Order asphalt' });
      expect(second.body.detail).toBeNull();
      expect((await data(me)).notes.map((n) => n.title)).toEqual(['Order asphalt', 'Call the city']);

      const edited = await call(s, me)('PATCH', `/quick-panel/notes/${first.body.id}`, { detail: '' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id: first.body.id, title: 'Call the city', detail: null });
      expect((await call(s, me)('PATCH', `/quick-panel/notes/${first.body.id}`, { title: 'Call the county' })).body.title).toBe('Call the county');

      expect((await call(s, me)('DELETE', `/quick-panel/notes/${second.body.id}`)).status).toBe(204);
      expect((await data(me)).notes.map((n) => n.title)).toEqual(['Call the county']);
      expect((await call(s, me)('DELETE', `/quick-panel/notes/${second.body.id}`)).status).toBe(404);
    });

    it("answers 404 for another user's note and leaves it alone, even from a colleague", async () => {
      const mine = (await call(s, w.people.ownerLeader)('POST', '/quick-panel/notes', { title: 'Private' })).body;
      for (const other of [w.people.owner, w.people.stranger]) {
        expect((await call(s, other)('PATCH', `/quick-panel/notes/${mine.id}`, { title: 'Taken' })).status).toBe(404);
        // The 404 comes before the body is read.
        expect((await call(s, other)('PATCH', `/quick-panel/notes/${mine.id}`, { title: '' })).status).toBe(404);
        expect((await call(s, other)('DELETE', `/quick-panel/notes/${mine.id}`)).status).toBe(404);
        expect((await data(other)).notes.map((n) => n.id)).not.toContain(mine.id);
      }
      const row = await s.services.db.selectFrom('quick_notes').select(['title']).where('id', '=', mine.id).executeTakeFirstOrThrow();
      expect(row.title).toBe('Private');
    });

    it(`refuses a note without a title (400, nothing stored) and keeps at most ${QUICK_NOTES_MAX} notes`, async () => {
      const me = w.people.subPm;
      for (const body of [{ title: '' }, { title: '   ' }, { detail: 'x' }, { title: 'x'.repeat(121) }, { title: 'ok', extra: 1 }]) {
        expect((await call(s, me)('POST', '/quick-panel/notes', body)).status).toBe(400);
      }
      expect((await data(me)).notes).toEqual([]);
      const now = new Date().toISOString();
      await s.services.db
        .insertInto('quick_notes')
        .values(Array.from({ length: QUICK_NOTES_MAX }, (_, i) => ({ user_id: me.userId, title: `Note ${i}`, detail: null, created_at: now, updated_at: now })))
        .execute();
      const over = await call(s, me)('POST', '/quick-panel/notes', { title: 'One more' });
      expect(over.status).toBe(409);
      expect((await data(me)).notes).toHaveLength(QUICK_NOTES_MAX);
    });
  });

  describe('quick settings', () => {
    it('start at their defaults, persist a change in the user settings, and refuse anything else', async () => {
      const me = w.people.subLeader;
      expect((await data(me)).settings).toEqual({ notificationSound: false, chatPopups: true, compactGrids: false });
      const res = await call(s, me)('PATCH', '/quick-panel/settings', { compactGrids: true, notificationSound: true });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ notificationSound: true, chatPopups: true, compactGrids: true });
      await call(s, me)('PATCH', '/quick-panel/settings', { chatPopups: false });
      expect((await data(me)).settings).toEqual({ notificationSound: true, chatPopups: false, compactGrids: true });
      const session = await call(s, me)('GET', '/users/me');
      expect(session.body.user.settings.quickSettings).toEqual({ notificationSound: true, chatPopups: false, compactGrids: true });
      for (const bad of [{}, { compactGrids: 'yes' }, { theme: 'slate' }, { compactGrids: true, other: false }]) {
        expect((await call(s, me)('PATCH', '/quick-panel/settings', bad)).status).toBe(400);
      }
      expect((await data(me)).settings).toEqual({ notificationSound: true, chatPopups: false, compactGrids: true });
      // The display settings around them are kept.
      await call(s, me)('PATCH', '/users/me', { settings: { theme: 'slate' } });
      expect((await data(me)).settings.compactGrids).toBe(true);
    });
  });
});
