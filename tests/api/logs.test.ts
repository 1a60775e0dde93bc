import { describeEachDatabase } from './harness.js';
import { call, member } from './budgets-helpers.js';
import { checkIn, fieldWorld, logCount, type FieldWorld } from './logs-helpers.js';

describeEachDatabase('daily logs and check-in', (server) => {
  let w: FieldWorld;
  beforeAll(async () => {
    w = await fieldWorld(server());
  });

  it('a crew leader checks in with logs:view alone; the day comes from dateString', async () => {
    const log = await checkIn(server(), w, w.people.leader, { address: '100 Main St, Austin' });
    expect(log).toMatchObject({
      projectId: w.projectId,
      projectName: 'Main Street Fiber',
      crewId: w.crews.paving,
      crewName: 'Paving crew',
      userId: w.people.leader.userId,
      lat: 30.2672,
      lng: -97.7431,
      address: '100 Main St, Austin',
      date: '2026-03-05',
      status: 'open',
      weather: null,
      canEdit: true,
      canReview: false,
    });
    const read = await call(server(), w.people.owner)('GET', `/logs/${log.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: log.id, canEdit: true, canReview: true });
  });

  it('date wins over dateString; without either the server day; without a position it still checks in', async () => {
    const dated = await checkIn(server(), w, w.people.owner, { date: '2026-01-10', dateString: '2026-01-11' });
    expect(dated.date).toBe('2026-01-10');
    const bare = await call(server(), w.people.supervisor)('POST', '/logs', { projectId: w.projectId, crewId: w.crews.boring, description: 'No position' });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ projectId: w.projectId, crewId: w.crews.boring, lat: null, lng: null, address: null, date: new Date().toISOString().slice(0, 10) });
  });

  it("takes the spec's logData shape with dateString beside it, with the same answer as the flat one", async () => {
    const fields = { projectId: w.projectId, crewId: w.crews.paving, lat: 30.2672, lng: -97.7431, status: 'submitted', description: 'Paving the east lane', address: '100 Main St' };
    const as = call(server(), w.people.leader);
    const wrapped = await as('POST', '/logs', { logData: fields, dateString: '2026-04-02' });
    const flat = await as('POST', '/logs', { ...fields, dateString: '2026-04-02' });
    expect(wrapped.status).toBe(201);
    expect(flat.status).toBe(201);
    const strip = ({ id, createdAt, updatedAt, ...rest }: Record<string, unknown>) => rest;
    expect(strip(wrapped.body)).toEqual(strip(flat.body));
    expect(wrapped.body).toMatchObject({ ...fields, date: '2026-04-02', userId: w.people.leader.userId, crewName: 'Paving crew' });
    const dated = await as('POST', '/logs', { logData: { ...fields, date: '2026-04-01' }, dateString: '2026-04-02' });
    expect(dated.body.date).toBe('2026-04-01');
    const stored = await server().services.db.selectFrom('logs').select(['project_id', 'crew_id', 'status', 'date']).where('id', '=', wrapped.body.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ project_id: w.projectId, crew_id: w.crews.paving, status: 'submitted', date: '2026-04-02' });
  });

  it.each([
    ['flat, without project and crew', {}, { projectId: 'Choose a project', crewId: 'Choose a crew' }],
    ['flat, without a crew', { projectId: 'project' }, { crewId: 'Choose a crew' }],
    ['flat, with a null project', { projectId: null, crewId: 'paving' }, { projectId: 'Choose a project' }],
    ['in logData, without project and crew', { logData: { description: 'x' } }, { 'logData.projectId': 'Choose a project', 'logData.crewId': 'Choose a crew' }],
    ['in logData, without a project', { logData: { crewId: 'paving' } }, { 'logData.projectId': 'Choose a project' }],
    ['in logData, a latitude alone', { logData: { projectId: 'project', crewId: 'paving', lat: 10 } }, { 'logData.lng': 'Send both latitude and longitude, or neither' }],
    ['logData that is not an object', { logData: 'project 1' }, { logData: "Must be an object with the log's fields" }],
    ['fields both in logData and beside it', { logData: { projectId: 'project', crewId: 'paving' }, crewId: 'paving' }, { crewId: "Send the log's fields inside logData or beside dateString, not both" }],
  ])('%s is a 400 naming each field as sent, and writes nothing', async (_, shape, fields) => {
    const named = (v: unknown) => (v === 'project' ? w.projectId : v === 'paving' ? w.crews.paving : v);
    const resolve = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, named(v)]));
    const body: Record<string, unknown> = resolve(shape);
    if (body.logData && typeof body.logData === 'object') body.logData = resolve(body.logData as Record<string, unknown>);
    const before = await logCount(server());
    const res = await call(server(), w.people.leader)('POST', '/logs', { ...body, dateString: '2026-04-03' });
    expect(res.status).toBe(400);
    expect(Object.fromEntries(res.body.error.details.map((d: { field: string; message: string }) => [d.field, d.message]))).toEqual(fields);
    const [field, message] = Object.entries(fields)[0]!;
    expect(res.body.error.message).toBe(`${field}: ${message}`);
    expect(await logCount(server())).toBe(before);
  });

  it("the server's own refusals name the field where it was sent: logData.crewId for a crew that is not the leader's", async () => {
    const as = call(server(), w.people.leader);
    const wrapped = await as('POST', '/logs', { logData: { projectId: w.projectId, crewId: w.crews.boring }, dateString: '2026-04-03' });
    expect(wrapped.status).toBe(400);
    expect(wrapped.body.error.details).toEqual([{ field: 'logData.crewId', message: 'Choose a crew' }]);
    const stranger = await as('POST', '/logs', { logData: { projectId: w.strangerProjectId, crewId: w.crews.paving }, dateString: '2026-04-03' });
    expect(stranger.body.error.details).toEqual([{ field: 'logData.projectId', message: 'Choose a project' }]);
    const flat = await as('POST', '/logs', { projectId: w.projectId, crewId: w.crews.boring, dateString: '2026-04-03' });
    expect(flat.body.error.details).toEqual([{ field: 'crewId', message: 'Choose a crew' }]);
  });

  it('a crew leader checks in only with a crew of theirs; the crews endpoint lists those', async () => {
    const crews = await call(server(), w.people.leader)('GET', '/logs/crews');
    expect(crews.body.map((c: { name: string }) => c.name)).toEqual(['Paving crew']);
    const before = await logCount(server());
    const res = await call(server(), w.people.leader)('POST', '/logs', { projectId: w.projectId, crewId: w.crews.boring });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('crewId');
    expect(await logCount(server())).toBe(before);
  });

  it.each([
    ['a latitude of 200', { lat: 200, lng: 10 }, 'lat'],
    ['a longitude of -181', { lat: 10, lng: -181 }, 'lng'],
    ['a latitude without a longitude', { lat: 10 }, 'lng'],
    ['an impossible date', { date: '2026-02-30' }, 'date'],
    ['an impossible dateString', { dateString: '2026-02-30' }, 'dateString'],
    ['a dateString that is not a day', { dateString: '2026-03-05T10:00:00Z' }, 'dateString'],
    ['an unknown crew', { crewId: 999999 }, 'crewId'],
    ["another company's crew", { crewId: 'stranger' }, 'crewId'],
    ["another company's project", { projectId: 'stranger' }, 'projectId'],
    ['a reviewed status', { status: 'reviewed' }, 'status'],
    ['an unknown status', { status: 'done' }, 'status'],
  ])('%s is a 400 that writes nothing', async (_, patch, field) => {
    const body: Record<string, unknown> = { projectId: w.projectId, crewId: w.crews.paving, ...patch };
    if (body.crewId === 'stranger') body.crewId = w.crews.stranger;
    if (body.projectId === 'stranger') body.projectId = w.strangerProjectId;
    const before = await logCount(server());
    const res = await call(server(), w.people.owner)('POST', '/logs', body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await logCount(server())).toBe(before);
  });

  it('a person without logs:view gets 403 on every call', async () => {
    const log = await checkIn(server(), w, w.people.owner);
    const as = call(server(), w.people.crew);
    expect((await as('GET', '/logs')).status).toBe(403);
    expect((await as('POST', '/logs', { projectId: w.projectId, crewId: w.crews.paving })).status).toBe(403);
    expect((await as('GET', `/logs/${log.id}`)).status).toBe(403);
    expect((await as('PATCH', `/logs/${log.id}`, { description: 'x' })).status).toBe(403);
  });

  it('moves through the state machine: author submits, reviewer reviews or reopens, illegal moves are 409', async () => {
    const log = await checkIn(server(), w, w.people.leader);
    const leader = call(server(), w.people.leader);
    const supervisor = call(server(), w.people.supervisor);
    expect((await leader('PATCH', `/logs/${log.id}`, { status: 'reviewed' })).status).toBe(409);
    const submitted = await leader('PATCH', `/logs/${log.id}`, { status: 'submitted', description: 'Trenching done' });
    expect(submitted.body).toMatchObject({ status: 'submitted', description: 'Trenching done' });
    expect((await leader('PATCH', `/logs/${log.id}`, { status: 'reviewed' })).status).toBe(403);
    expect((await leader('PATCH', `/logs/${log.id}`, { status: 'open' })).status).toBe(403);
    const reviewed = await supervisor('PATCH', `/logs/${log.id}`, { status: 'reviewed' });
    expect(reviewed.body).toMatchObject({ status: 'reviewed', canEdit: false });
    const locked = await leader('PATCH', `/logs/${log.id}`, { description: 'Changed after review' });
    expect(locked.status).toBe(409);
    expect((await supervisor('PATCH', `/logs/${log.id}`, { status: 'submitted' })).status).toBe(409);
    expect((await supervisor('PATCH', `/logs/${log.id}`, { status: 'open' })).body.status).toBe('open');
    const stored = await server().services.db.selectFrom('logs').select(['status', 'description']).where('id', '=', log.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'open', description: 'Trenching done' });
    const activity = await leader('GET', `/logs/${log.id}/activity`);
    expect(activity.body.map((e: { action: string }) => e.action)).toEqual(['reopen', 'review', 'submit', 'created']);
  });

  it("someone else's log is the author's or a reviewer's to change (403 for another crew leader)", async () => {
    const log = await checkIn(server(), w, w.people.owner, { crewId: w.crews.boring });
    const other = await member(server(), w.owner, 'CrewLeader');
    const res = await call(server(), other)('PATCH', `/logs/${log.id}`, { description: 'Not mine' });
    expect(res.status).toBe(403);
    expect((await call(server(), other)('GET', `/logs/${log.id}`)).body.canEdit).toBe(false);
  });

  it('bad PATCH bodies are 400 and change nothing', async () => {
    const log = await checkIn(server(), w, w.people.owner);
    for (const body of [{ status: 'done' }, { description: 12 }, { lat: 10 }]) {
      const res = await call(server(), w.people.owner)('PATCH', `/logs/${log.id}`, body);
      expect(res.status).toBe(400);
    }
    expect((await call(server(), w.people.owner)('GET', `/logs/${log.id}`)).body).toMatchObject({ status: 'open', description: 'Trenching on Main' });
  });

  it('lists newest day first with filters and X-Total-Count', async () => {
    const as = call(server(), w.people.owner);
    const a = await checkIn(server(), w, w.people.owner, { dateString: '2025-06-01', crewId: w.crews.boring, description: 'Boring under the creek' });
    const b = await checkIn(server(), w, w.people.owner, { dateString: '2025-06-03', crewId: w.crews.boring, description: 'Restoration' });
    const page = await as('GET', `/logs?crewId=${w.crews.boring}&date_gte=2025-06-01&date_lte=2025-06-30`);
    expect(page.status).toBe(200);
    expect(page.body.map((l: { id: number }) => l.id)).toEqual([b.id, a.id]);
    expect(page.headers['x-total-count']).toBe('2');
    const q = await as('GET', '/logs?q=creek');
    expect(q.body.map((l: { id: number }) => l.id)).toEqual([a.id]);
    const mine = await as('GET', `/logs?userId=${w.people.leader.userId}&_end=1`);
    expect(mine.body).toHaveLength(1);
    expect(Number(mine.headers['x-total-count'])).toBeGreaterThan(1);
    const byProject = await as('GET', `/logs?projectId=${w.projectId}&status=open`);
    expect(byProject.body.every((l: { projectId: number; status: string }) => l.projectId === w.projectId && l.status === 'open')).toBe(true);
    expect((await as('GET', '/logs?weather=1')).status).toBe(400);
    expect((await as('GET', '/logs?_sort=description')).status).toBe(400);
  });

  it("another company's logs are 404 on every call and never listed", async () => {
    const log = await checkIn(server(), w, w.people.owner);
    const as = call(server(), w.people.stranger);
    expect((await as('GET', `/logs/${log.id}`)).status).toBe(404);
    expect((await as('PATCH', `/logs/${log.id}`, { status: 'submitted' })).status).toBe(404);
    expect((await as('GET', `/logs/${log.id}/activity`)).status).toBe(404);
    expect((await as('GET', `/logs?id=${log.id}`)).body).toEqual([]);
    const stored = await server().services.db.selectFrom('logs').select('status').where('id', '=', log.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('open');
  });
});
