import { CALENDAR_MESSAGES } from '../../resources/calendar.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { call, member } from './budgets-helpers.js';
import { approvedProduction, productionWorld, recordProduction, type ProductionWorld } from './productions-helpers.js';
import { createProject } from './project-helpers.js';
import { insertLocate, insertLog, insertLogs, insertTask } from './calendar-rows.js';

const MAY = 'start=2026-05-01&end=2026-06-01';

describeEachDatabase('calendar: events in a window', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  let ownerDraft: number;
  let subDraft: number;
  let subApproved: number;
  let outside: number;
  const events = async (who: Parameters<typeof call>[1], query: string) => call(s, who)('GET', `/calendar/events?${query}`);
  const ids = (res: { body: Array<{ id: string }> }) => res.body.map((e) => e.id);

  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
    ownerDraft = (await recordProduction(s, w, w.people.ownerLeader, { date: '2026-05-04' })).id;
    subDraft = (await recordProduction(s, w, w.people.subLeader, { date: '2026-05-05' })).id;
    subApproved = (await approvedProduction(s, w, { date: '2026-05-06' })).id;
    outside = (await recordProduction(s, w, w.people.ownerLeader, { date: '2026-06-01' })).id;
    const res = await call(s, w.people.owner)('PATCH', `/projects/${w.projectId}`, { startDate: '2026-05-02', endDate: '2026-09-30' });
    expect(res.status).toBe(200);
  });

  it('answers productions by date and the project start inside [start, end), in date order', async () => {
    const res = await events(w.people.owner, MAY);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([`project-${w.projectId}-start`, `production-${ownerDraft}`, `production-${subApproved}`]);
    expect(res.headers['x-truncated']).toBe('false');
    const production = res.body[1];
    expect(production).toMatchObject({
      type: 'production',
      start: '2026-05-04',
      allDay: true,
      url: `/app/productions/inspect/${ownerDraft}`,
      projectId: w.projectId,
      crewId: w.crews.paving,
      status: 'draft',
    });
    expect(production.title).toContain('Paving crew');
    expect(res.body[0]).toMatchObject({ type: 'project', start: '2026-05-02', url: `/app/projects/${w.projectId}` });
    expect(ids(await events(w.people.owner, 'start=2026-06-01&end=2026-07-01'))).toEqual([`production-${outside}`]);
    expect(ids(await events(w.people.owner, 'start=2026-09-01&end=2026-10-01'))).toEqual([`project-${w.projectId}-end`]);
  });

  it('each company sees the productions the productions list shows it: the subcontractor its own drafts, the client approved ones only', async () => {
    expect(ids(await events(w.people.subPm, MAY))).toEqual([`project-${w.projectId}-start`, `production-${subDraft}`, `production-${subApproved}`]);
    expect(ids(await events(w.people.client, MAY))).toEqual([`project-${w.projectId}-start`, `production-${subApproved}`]);
  });

  it("another company's records never appear", async () => {
    const res = await events(w.people.stranger, MAY);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await events(w.people.stranger, `${MAY}&projectId=${w.projectId}`)).body).toEqual([]);
  });

  it('filters by project, crew and type', async () => {
    expect(ids(await events(w.people.owner, `${MAY}&projectId=${w.projectId}&projectId=999999`))).toHaveLength(3);
    expect(await events(w.people.owner, `${MAY}&projectId=999999`).then((r) => r.body)).toEqual([]);
    // Projects have no crew: a crew filter leaves them out.
    expect(ids(await events(w.people.owner, `${MAY}&crewId=${w.crews.paving}`))).toEqual([`production-${ownerDraft}`]);
    expect(ids(await events(w.people.owner, `${MAY}&crewId=${w.crews.boring}`))).toEqual([`production-${subApproved}`]);
    expect(ids(await events(w.people.owner, `${MAY}&types=project`))).toEqual([`project-${w.projectId}-start`]);
    expect(ids(await events(w.people.owner, `${MAY}&types=production,project`))).toHaveLength(3);
    expect(ids(await events(w.people.owner, `${MAY}&types=production&types=task`))).toEqual([`production-${ownerDraft}`, `production-${subApproved}`]);
  });

  it('each type needs its view permission: a plain member sees productions, not projects', async () => {
    const plain = await member(s, w.owner, 'Member');
    expect(ids(await events(plain, MAY))).toEqual([`production-${ownerDraft}`, `production-${subApproved}`]);
  });

  it('the window is required, real dates, end after start and at most 62 days: a 400 otherwise', async () => {
    const bad = async (query: string, message?: string) => {
      const res = await events(w.people.owner, query);
      expect(res.status, query).toBe(400);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    };
    await bad('', CALENDAR_MESSAGES.start);
    await bad('start=2026-05-01', CALENDAR_MESSAGES.end);
    await bad('start=2026-02-30&end=2026-03-05');
    await bad('start=2026-05-01T00:00:00Z&end=2026-06-01');
    await bad('start=2026-05-10&end=2026-05-10', CALENDAR_MESSAGES.order);
    await bad('start=2026-05-01&end=2026-07-03', CALENDAR_MESSAGES.span);
    await bad(`${MAY}&types=meeting`, CALENDAR_MESSAGES.type);
    await bad(`${MAY}&projectId=abc`);
    await bad(`${MAY}&color=red`);
    expect((await events(w.people.owner, 'start=2026-05-01&end=2026-07-02')).status).toBe(200);
  });

  describe('tasks, daily logs and locate expiries', () => {
    let spanning: number;
    let inside: number;
    let endOnly: number;
    let log: number;
    let locate: number;
    beforeAll(async () => {
      const company = w.owner.companyId;
      spanning = await insertTask(s, { companyId: company, projectId: w.projectId, crewId: w.crews.paving, summary: 'Bore under the road', start: '2026-04-20', end: '2026-05-10' });
      inside = await insertTask(s, { companyId: company, projectId: w.projectId, summary: 'Pothole', start: '2026-05-15', end: '2026-05-15' });
      endOnly = await insertTask(s, { companyId: company, projectId: w.projectId, summary: 'Due', start: null, end: '2026-05-20' });
      await insertTask(s, { companyId: company, projectId: w.projectId, summary: 'Before', start: '2026-03-01', end: '2026-04-30' });
      await insertTask(s, { companyId: company, projectId: w.projectId, summary: 'After', start: '2026-06-01', end: '2026-06-03' });
      await insertTask(s, { companyId: company, projectId: w.projectId, summary: 'Undated', start: null, end: null });
      log = await insertLog(s, { companyId: company, projectId: w.projectId, crewId: w.crews.paving, userId: w.people.ownerLeader.userId, date: '2026-05-07', lat: 30.1, lng: -97.1 });
      locate = await insertLocate(s, { companyId: company, projectId: w.projectId, ticket: 'T-100', expires: '2026-05-08' });
      const strangerProject = await createProject(s, w.stranger.token, w.stranger.companyId);
      await insertTask(s, { companyId: w.stranger.companyId, projectId: strangerProject.id, summary: 'Stranger task', start: '2026-05-05', end: '2026-05-06' });
      await insertLog(s, { companyId: w.stranger.companyId, projectId: strangerProject.id, date: '2026-05-05' });
      await insertLocate(s, { companyId: w.stranger.companyId, projectId: strangerProject.id, ticket: 'S-1', expires: '2026-05-05' });
    });

    it('a task shows from start to end (end exclusive), also when it began before the window; one date makes one day', async () => {
      const res = await events(w.people.owner, `${MAY}&types=task`);
      expect(res.status).toBe(200);
      expect(res.body.map((e: any) => [e.id, e.start, e.end])).toEqual([
        [`task-${spanning}`, '2026-04-20', '2026-05-11'],
        [`task-${inside}`, '2026-05-15', undefined],
        [`task-${endOnly}`, '2026-05-20', undefined],
      ]);
      expect(res.body[0]).toMatchObject({ type: 'task', title: 'Bore under the road', url: `/app/tasks/${spanning}`, crewId: w.crews.paving, status: 'open' });
      expect(ids(await events(w.people.owner, 'start=2026-05-10&end=2026-05-11&types=task'))).toEqual([`task-${spanning}`]);
      expect(ids(await events(w.people.owner, 'start=2026-05-11&end=2026-05-15&types=task'))).toEqual([]);
    });

    it('a task moved to begin long before the window still runs into it (the longest span grows with every change of dates)', async () => {
      const company = w.owner.companyId;
      const longest = await insertTask(s, { companyId: company, projectId: w.projectId, summary: 'Mainline build', start: '2026-07-01', end: '2026-07-02' });
      await s.services.db.updateTable('tasks').set({ start_date: '2025-01-15', end_date: '2026-07-02' }).where('id', '=', longest).execute();
      expect(ids(await events(w.people.owner, 'start=2026-06-10&end=2026-06-20&types=task'))).toEqual([`task-${longest}`]);
      await s.services.db.deleteFrom('tasks').where('id', '=', longest).execute();
      expect(ids(await events(w.people.owner, 'start=2026-06-10&end=2026-06-20&types=task'))).toEqual([]);
    });

    it('logs by their day and locates by their expiry, each opening its page', async () => {
      const res = await events(w.people.owner, `${MAY}&types=log,locate`);
      expect(res.body.map((e: any) => [e.id, e.start, e.url])).toEqual([
        [`log-${log}`, '2026-05-07', `/app/logs/${log}`],
        [`locate-${locate}`, '2026-05-08', `/app/locates/${locate}`],
      ]);
    });

    it('the crew filter keeps what a crew did: its tasks, productions and logs', async () => {
      expect(ids(await events(w.people.owner, `${MAY}&crewId=${w.crews.paving}`))).toEqual([`task-${spanning}`, `production-${ownerDraft}`, `log-${log}`]);
    });

    it("another company's tasks, logs and locates never appear", async () => {
      const res = await events(w.people.owner, MAY);
      expect(JSON.stringify(res.body)).not.toMatch(/Stranger task|S-1/);
      const theirs = await events(w.people.stranger, MAY);
      expect(theirs.body.map((e: any) => e.type).sort()).toEqual(['locate', 'log', 'task']);
      expect(JSON.stringify(theirs.body)).not.toMatch(/Bore under the road|T-100/);
    });

    it('each type needs its view permission', async () => {
      const types = async (who: Parameters<typeof call>[1]) => [...new Set((await events(who, MAY)).body.map((e: any) => e.type))].sort();
      // Crew: projects, tasks and productions; no logs:view, no locate view.
      expect(await types(await member(s, w.owner, 'Crew'))).toEqual(['production', 'project', 'task']);
      expect(await types(w.people.ownerLeader)).toEqual(['log', 'production', 'project', 'task']);
      // HR manages crews and members: locate view (spec 01 §6), nothing else here.
      expect(await types(await member(s, w.owner, 'HumanResources'))).toEqual(['locate']);
      expect(await types(w.people.owner)).toEqual(['locate', 'log', 'production', 'project', 'task']);
    });

    it('more than 500 events of a type: the first 500, and X-Truncated names the type', async () => {
      await insertLogs(s, Array.from({ length: 501 }, () => ({ companyId: w.owner.companyId, date: '2026-07-04' })));
      const res = await events(w.people.owner, 'start=2026-07-01&end=2026-08-01');
      expect(res.status).toBe(200);
      expect(res.headers['x-truncated']).toBe('true');
      expect(res.headers['x-truncated-types']).toBe('log');
      expect(res.body.filter((e: any) => e.type === 'log')).toHaveLength(500);
    });
  });

  it('needs a session', async () => {
    expect((await s.call('GET', `/api/v1/calendar/events?${MAY}`)).status).toBe(401);
  });
});
