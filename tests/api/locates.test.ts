import { describeEachDatabase, type TestServer } from './harness.js';
import { call, type Caller } from './budgets-helpers.js';
import { fieldWorld, type FieldWorld } from './logs-helpers.js';

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
let tickets = 0;

async function ticket(s: TestServer, w: FieldWorld, who: Caller, body: Record<string, unknown> = {}) {
  const res = await call(s, who)('POST', '/locates', {
    ticketNumber: `T-${++tickets}-${Date.now().toString(36)}`,
    projectId: w.projectId,
    address: '100 Main St',
    city: 'Austin',
    state: 'TX',
    digStartDate: today(),
    expiresOn: addDays(today(), 10),
    ...body,
  });
  if (res.status !== 201) throw new Error(`locate: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const locateCount = async (s: TestServer) => Number((await s.services.db.selectFrom('locates').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describeEachDatabase('locates', (server) => {
  let w: FieldWorld;
  beforeAll(async () => {
    w = await fieldWorld(server());
  });

  it('a locate manager creates a ticket; the client defaults to the project’s', async () => {
    const t = await ticket(server(), w, w.people.pm, { ticketNumber: 'TX-2026-0001', lat: 30.1, lng: -97.7, description: 'Fiber along Main' });
    expect(t).toMatchObject({ ticketNumber: 'TX-2026-0001', projectId: w.projectId, projectName: 'Main Street Fiber', status: 'open', expired: false, lat: 30.1, lng: -97.7, responses: [], canManage: true });
    const dup = await call(server(), w.people.owner)('POST', '/locates', { ticketNumber: 'TX-2026-0001', projectId: w.projectId, digStartDate: today(), expiresOn: addDays(today(), 3) });
    expect(dup.status).toBe(409);
    const elsewhere = await call(server(), w.people.stranger)('POST', '/locates', { ticketNumber: 'TX-2026-0001', projectId: w.strangerProjectId, digStartDate: today(), expiresOn: addDays(today(), 3) });
    expect(elsewhere.status).toBe(201);
  });

  it('crews:manage alone (Supervisor) reads but gets 403 on every write; Crew and CrewLeader get 403 on reads too', async () => {
    const t = await ticket(server(), w, w.people.owner);
    const response = (await call(server(), w.people.owner)('POST', `/locates/${t.id}/responses`, { utilityName: 'City Water' })).body.responses[0];
    const sup = call(server(), w.people.supervisor);
    expect((await sup('GET', '/locates/all')).status).toBe(200);
    const read = await sup('GET', `/locates/${t.id}`);
    expect(read.status).toBe(200);
    expect(read.body.canManage).toBe(false);
    expect((await sup('GET', `/locates/${t.id}/activity`)).status).toBe(200);
    const before = await locateCount(server());
    expect((await sup('POST', '/locates', { ticketNumber: 'S-1', projectId: w.projectId, digStartDate: today(), expiresOn: addDays(today(), 3) })).status).toBe(403);
    expect((await sup('PATCH', `/locates/${t.id}`, { status: 'closed' })).status).toBe(403);
    expect((await sup('DELETE', `/locates/${t.id}`)).status).toBe(403);
    expect((await sup('POST', `/locates/${t.id}/responses`, { utilityName: 'Gas' })).status).toBe(403);
    expect((await sup('PATCH', `/locates/${t.id}/responses/${response.id}`, { status: 'clear' })).status).toBe(403);
    expect((await sup('DELETE', `/locates/${t.id}/responses/${response.id}`)).status).toBe(403);
    expect(await locateCount(server())).toBe(before);
    for (const who of [w.people.crew, w.people.leader]) {
      expect((await call(server(), who)('GET', '/locates/all')).status).toBe(403);
      expect((await call(server(), who)('GET', `/locates/${t.id}`)).status).toBe(403);
    }
    // HumanResources holds memberships:manage: locate-manage.
    expect((await call(server(), w.people.hr)('PATCH', `/locates/${t.id}`, { description: 'By HR' })).status).toBe(200);
  });

  it.each([
    ['a latitude of 200', { lat: 200, lng: 1 }, 'lat'],
    ['a latitude without a longitude', { lat: 20 }, 'lng'],
    ['an impossible dig start', { digStartDate: '2026-02-30' }, 'digStartDate'],
    ['an expiry before the dig start', { digStartDate: '2026-03-10', expiresOn: '2026-03-09' }, 'expiresOn'],
    ['an expiry on the dig start', { digStartDate: '2026-03-10', expiresOn: '2026-03-10' }, 'expiresOn'],
    ['no ticket number', { ticketNumber: '  ' }, 'ticketNumber'],
    ["another company's project", { projectId: 'stranger' }, 'projectId'],
    ['an unknown client', { clientId: 999999 }, 'clientId'],
    ['a closed status', { status: 'closed' }, 'status'],
  ])('%s is a 400 that writes nothing', async (_, patch, field) => {
    const body: Record<string, unknown> = { ticketNumber: 'BAD-1', projectId: w.projectId, digStartDate: '2026-03-01', expiresOn: '2026-03-20', ...patch };
    if (body.projectId === 'stranger') body.projectId = w.strangerProjectId;
    const before = await locateCount(server());
    const res = await call(server(), w.people.owner)('POST', '/locates', body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await locateCount(server())).toBe(before);
  });

  it('PATCH keeps expiry after the dig start against the stored day; bad input changes nothing', async () => {
    const t = await ticket(server(), w, w.people.owner, { digStartDate: '2026-03-01', expiresOn: '2026-03-20' });
    const as = call(server(), w.people.owner);
    for (const body of [{ expiresOn: '2026-02-28' }, { digStartDate: '2026-03-25' }, { lat: 200 }, { lat: 10 }, { expiresOn: '2026-02-30' }, { ticketNumber: '' }]) {
      expect((await as('PATCH', `/locates/${t.id}`, body)).status).toBe(400);
    }
    const read = await as('GET', `/locates/${t.id}`);
    expect(read.body).toMatchObject({ digStartDate: '2026-03-01', expiresOn: '2026-03-20', lat: null });
  });

  it('moves through the state machine; expired is derived and blocks ready; closed tickets are frozen', async () => {
    const as = call(server(), w.people.pm);
    const t = await ticket(server(), w, w.people.pm);
    expect((await as('PATCH', `/locates/${t.id}`, { status: 'ready' })).body.status).toBe('ready');
    expect((await as('PATCH', `/locates/${t.id}`, { status: 'closed' })).body.status).toBe('closed');
    expect((await as('PATCH', `/locates/${t.id}`, { status: 'ready' })).status).toBe(409);
    expect((await as('PATCH', `/locates/${t.id}`, { description: 'frozen' })).status).toBe(409);
    expect((await as('POST', `/locates/${t.id}/responses`, { utilityName: 'Gas' })).status).toBe(409);
    expect((await as('PATCH', `/locates/${t.id}`, { status: 'open' })).body.status).toBe('open');

    const old = await ticket(server(), w, w.people.pm, { digStartDate: addDays(today(), -20), expiresOn: addDays(today(), -1) });
    expect(old).toMatchObject({ status: 'open', expired: true });
    const refused = await as('PATCH', `/locates/${old.id}`, { status: 'ready' });
    expect(refused.status).toBe(409);
    const renewed = await as('PATCH', `/locates/${old.id}`, { status: 'ready', expiresOn: addDays(today(), 5) });
    expect(renewed.body).toMatchObject({ status: 'ready', expired: false });
    const activity = await as('GET', `/locates/${t.id}/activity`);
    expect(activity.body.map((e: { action: string }) => e.action)).toEqual(['reopen', 'close', 'ready', 'created']);
  });

  it('responses are added, edited and removed, each on the trail', async () => {
    const as = call(server(), w.people.owner);
    const t = await ticket(server(), w, w.people.owner);
    const added = await as('POST', `/locates/${t.id}/responses`, { utilityName: 'Austin Energy', status: 'marked', note: 'Paint on the curb', respondedAt: '2026-03-02T14:30:00-06:00' });
    expect(added.status).toBe(201);
    expect(added.body.responses).toEqual([expect.objectContaining({ utilityName: 'Austin Energy', status: 'marked', note: 'Paint on the curb', respondedAt: '2026-03-02T20:30:00.000Z' })]);
    const id = added.body.responses[0].id;
    expect((await as('POST', `/locates/${t.id}/responses`, { utilityName: 'Gas', status: 'maybe' })).status).toBe(400);
    expect((await as('POST', `/locates/${t.id}/responses`, { utilityName: 'Gas', respondedAt: 'yesterday' })).status).toBe(400);
    const edited = await as('PATCH', `/locates/${t.id}/responses/${id}`, { status: 'conflict', note: null });
    expect(edited.body.responses[0]).toMatchObject({ status: 'conflict', note: null });
    expect(edited.body.responseCount).toBe(1);
    const removed = await as('DELETE', `/locates/${t.id}/responses/${id}`);
    expect(removed.body.responses).toEqual([]);
    expect((await as('PATCH', `/locates/${t.id}/responses/${id}`, { status: 'clear' })).status).toBe(404);
    const activity = await as('GET', `/locates/${t.id}/activity`);
    expect(activity.body.map((e: { action: string }) => e.action)).toEqual(['response_deleted', 'response_updated', 'response_added', 'created']);
  });

  it('lists next to expire first with filters, expiring soon as a range, q over ticket and address', async () => {
    const as = call(server(), w.people.supervisor);
    const soon = await ticket(server(), w, w.people.owner, { ticketNumber: 'SOON-1', expiresOn: addDays(today(), 1), address: '5 Creek Rd' });
    const later = await ticket(server(), w, w.people.owner, { ticketNumber: 'LATER-1', expiresOn: addDays(today(), 30) });
    const all = await as('GET', '/locates/all?_end=200');
    const order = all.body.map((l: { expiresOn: string }) => l.expiresOn);
    expect(order).toEqual([...order].sort());
    const expiring = await as('GET', `/locates/all?expiresOn_gte=${today()}&expiresOn_lte=${addDays(today(), 2)}&status_ne=closed`);
    expect(expiring.body.map((l: { id: number }) => l.id)).toContain(soon.id);
    expect(expiring.body.map((l: { id: number }) => l.id)).not.toContain(later.id);
    expect((await as('GET', '/locates/all?q=creek')).body.map((l: { id: number }) => l.id)).toEqual([soon.id]);
    expect((await as('GET', '/locates/all?q=LATER-1')).body.map((l: { id: number }) => l.id)).toEqual([later.id]);
    const byStatus = await as('GET', `/locates/all?status=open&projectId=${w.projectId}&_end=1`);
    expect(byStatus.body).toHaveLength(1);
    expect(Number(byStatus.headers['x-total-count'])).toBeGreaterThan(1);
    expect((await as('GET', '/locates/all?nope=1')).status).toBe(400);
  });

  it("another company's tickets are 404 on every call and never listed", async () => {
    const t = await ticket(server(), w, w.people.owner);
    const r = (await call(server(), w.people.owner)('POST', `/locates/${t.id}/responses`, { utilityName: 'Water' })).body.responses[0];
    const as = call(server(), w.people.stranger);
    expect((await as('GET', `/locates/${t.id}`)).status).toBe(404);
    expect((await as('PATCH', `/locates/${t.id}`, { status: 'closed' })).status).toBe(404);
    expect((await as('DELETE', `/locates/${t.id}`)).status).toBe(404);
    expect((await as('GET', `/locates/${t.id}/activity`)).status).toBe(404);
    expect((await as('POST', `/locates/${t.id}/responses`, { utilityName: 'x' })).status).toBe(404);
    expect((await as('PATCH', `/locates/${t.id}/responses/${r.id}`, { status: 'clear' })).status).toBe(404);
    expect((await as('DELETE', `/locates/${t.id}/responses/${r.id}`)).status).toBe(404);
    expect((await as('GET', `/locates/all?id=${t.id}`)).body).toEqual([]);
    // A response id of another ticket is 404 too.
    const other = await ticket(server(), w, w.people.owner);
    expect((await call(server(), w.people.owner)('PATCH', `/locates/${other.id}/responses/${r.id}`, { status: 'clear' })).status).toBe(404);
  });

  it("the crew about to dig reads the open tickets at its project's site, whatever its role; another company's project is 404", async () => {
    const project = w.projectId;
    const soon = await ticket(server(), w, w.people.owner, { expiresOn: addDays(today(), 1) });
    const later = await ticket(server(), w, w.people.owner, { expiresOn: addDays(today(), 20) });
    const closed = await ticket(server(), w, w.people.owner);
    expect((await call(server(), w.people.owner)('PATCH', `/locates/${closed.id}`, { status: 'closed' })).status).toBe(200);
    for (const who of [w.people.leader, w.people.crew]) {
      const res = await call(server(), who)('GET', `/projects/${project}/locates`);
      expect(res.status).toBe(200);
      const ids = res.body.map((t: { id: number }) => t.id);
      expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(later.id));
      expect(ids).not.toContain(closed.id);
      expect(res.body.every((t: { projectId: number; status: string }) => t.projectId === project && t.status !== 'closed')).toBe(true);
    }
    expect((await call(server(), w.people.stranger)('GET', `/projects/${project}/locates`)).status).toBe(404);
  });

  it('deletes a ticket with its responses', async () => {
    const t = await ticket(server(), w, w.people.owner);
    await call(server(), w.people.owner)('POST', `/locates/${t.id}/responses`, { utilityName: 'Water' });
    expect((await call(server(), w.people.owner)('DELETE', `/locates/${t.id}`)).status).toBe(204);
    expect((await call(server(), w.people.owner)('GET', `/locates/${t.id}`)).status).toBe(404);
    const left = await server().services.db.selectFrom('locate_responses').select('id').where('locate_id', '=', t.id).execute();
    expect(left).toEqual([]);
  });
});
