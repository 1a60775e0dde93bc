import { areaM2, lengthM } from '../../resources/geo.js';
import { TINY_PNG, describeEachDatabase, type TestServer } from './harness.js';
import { call, lastNotificationId, notificationsSince } from './budgets-helpers.js';
import { drawFootprint, fieldWorld, storedField, upload, type FieldWorld } from './damages-helpers.js';

/** A square of about 111.2 m a side at the equator: one thousandth of a degree. */
const SQUARE: Array<[number, number]> = [
  [0, 0],
  [0, 0.001],
  [0.001, 0.001],
  [0.001, 0],
];

describeEachDatabase('footprints', (server) => {
  let s: TestServer;
  let w: FieldWorld;
  beforeAll(async () => {
    s = server();
    w = await fieldWorld(s);
  });

  it('the server measures a polygon and a line from the points, whatever the client says', async () => {
    const since = await lastNotificationId(s);
    const area = await call(s, w.people.pm)('POST', '/footprints', {
      projectId: w.projectId,
      typeId: w.catalog.trench,
      crewId: w.crews.paving,
      date: '2026-03-06',
      kind: 'polygon',
      points: SQUARE,
      notes: 'Pit for the valve',
    });
    expect(area.status).toBe(201);
    expect(area.body.areaM2).toBeCloseTo(12364, -1);
    expect(area.body.areaM2).toBeCloseTo(Math.round(areaM2(SQUARE) * 100) / 100, 2);
    expect(area.body.lengthM).toBeCloseTo(lengthM(SQUARE, true), 1);
    expect(area.body).toMatchObject({ kind: 'polygon', restorationStatus: 'open', crewName: 'Paving crew', typeName: 'Trench', centerLat: 0.0005, centerLng: 0.0005, photoCount: 0 });
    expect(area.body.points).toEqual(SQUARE);
    // A figure sent by the client is refused, never stored.
    expect((await call(s, w.people.pm)('POST', '/footprints', { projectId: w.projectId, typeId: w.catalog.trench, date: '2026-03-06', kind: 'line', points: SQUARE, lengthM: 1 })).status).toBe(400);
    const line = await drawFootprint(s, w, { kind: 'line', points: [[40, -75], [40.001, -75]] });
    expect(line.areaM2).toBeNull();
    expect(line.lengthM).toBeCloseTo(111.19, 1);
    const told = await notificationsSince(s, since);
    expect(told.some((n) => n.type === 'footprint' && n.entity_id === String(area.body.id) && n.user_id === w.people.owner.userId)).toBe(true);
    // A new shape is measured again.
    const reshaped = await call(s, w.people.pm)('PATCH', `/footprints/${line.id}`, { kind: 'polygon', points: SQUARE });
    expect(reshaped.body.areaM2).toBeCloseTo(area.body.areaM2, 2);
  });

  it('lists newest first with filters by project, crew, type, status and date range', async () => {
    const a = await drawFootprint(s, w, { date: '2026-04-01', crewId: w.crews.paving });
    const b = await drawFootprint(s, w, { date: '2026-04-03' });
    const c = await drawFootprint(s, w, { date: '2026-04-02', crewId: w.crews.paving });
    const as = call(s, w.people.leader);
    const range = await as('GET', '/footprints?date_gte=2026-04-01&date_lte=2026-04-30');
    expect(range.body.map((r: any) => r.id)).toEqual([b.id, c.id, a.id]);
    expect(range.headers['x-total-count']).toBe('3');
    expect(range.body[0].points).toBeUndefined();
    expect((await as('GET', `/footprints?date_gte=2026-04-01&crewId=${w.crews.paving}`)).body.map((r: any) => r.id)).toEqual([c.id, a.id]);
    expect((await as('GET', `/footprints?date_gte=2026-04-01&typeId=${w.catalog.trench}&projectId=${w.projectId}&restorationStatus=open`)).body).toHaveLength(3);
  });

  it('restoration moves through one state machine; an illegal move is a 409 that changes nothing', async () => {
    const f = await drawFootprint(s, w);
    const as = call(s, w.people.pm);
    const since = await lastNotificationId(s);
    expect((await as('PATCH', `/footprints/${f.id}`, { restorationStatus: 'temporary' })).body.nextStatuses).toEqual(['restored']);
    expect((await notificationsSince(s, since)).some((n) => n.type === 'footprint' && n.description.includes('temporary restoration'))).toBe(true);
    const before = await storedField(s);
    expect((await as('PATCH', `/footprints/${f.id}`, { restorationStatus: 'inspected', notes: 'x' })).status).toBe(409);
    expect((await as('PATCH', `/footprints/${f.id}`, { restorationStatus: 'open' })).status).toBe(409);
    expect(await storedField(s)).toEqual(before);
    await as('PATCH', `/footprints/${f.id}`, { restorationStatus: 'restored' });
    expect((await as('PATCH', `/footprints/${f.id}`, { restorationStatus: 'inspected' })).body.nextStatuses).toEqual([]);
    expect((await as('PATCH', `/footprints/${f.id}`, { restorationStatus: 'restored' })).status).toBe(409);
    expect((await as('DELETE', `/footprints/${f.id}`)).status).toBe(409);
    const open = await drawFootprint(s, w);
    expect((await as('DELETE', `/footprints/${open.id}`)).status).toBe(204);
  });

  it('bad input is a 400 that changes nothing', async () => {
    const f = await drawFootprint(s, w);
    const before = await storedField(s);
    const as = call(s, w.people.pm);
    const base = { projectId: w.projectId, typeId: w.catalog.trench, date: '2026-03-05', kind: 'line', points: [[40, -75], [40.001, -75]] };
    for (const body of [
      { ...base, points: [[200, -75], [40, -75]] },
      { ...base, points: [[40, -75]] },
      { ...base, kind: 'polygon' },
      { ...base, kind: 'circle' },
      { ...base, date: '2026-02-30' },
      { ...base, typeId: w.catalog.strangerFootprintType },
      { ...base, crewId: w.crews.stranger },
      { ...base, projectId: w.strangerProjectId },
      { ...base, points: 'here' },
      { ...base, points: Array.from({ length: 2001 }, (_, i) => [40, -75 + i / 1e5]) },
    ]) {
      expect((await as('POST', '/footprints', body)).status, JSON.stringify(body).slice(0, 100)).toBe(400);
    }
    for (const body of [{ points: [[40, -75], [41, -75]] }, { kind: 'polygon', points: [[1, 1], [2, 2]] }, { restorationStatus: 'paved' }, { date: '2026-02-30' }]) {
      expect((await as('PATCH', `/footprints/${f.id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await storedField(s)).toEqual(before);
  });

  it('photos: images only, listed and deleted; activity records them', async () => {
    const f = await drawFootprint(s, w);
    const sent = await upload(s, w.people.pm, `/footprints/${f.id}/files`, [{ name: 'trench.png', bytes: TINY_PNG, type: 'image/png' }]);
    expect(sent.status).toBe(201);
    expect((await upload(s, w.people.pm, `/footprints/${f.id}/files`, [{ name: 'notes.txt', bytes: Buffer.from('hello') }])).status).toBe(400);
    const as = call(s, w.people.leader);
    expect((await as('GET', `/footprints/${f.id}/files`)).body.map((p: any) => p.name)).toEqual(['trench.png']);
    expect((await as('GET', `/footprints/${f.id}`)).body.photoCount).toBe(1);
    expect((await upload(s, w.people.leader, `/footprints/${f.id}/files`, [{ name: 'x.png', bytes: TINY_PNG }])).status).toBe(403);
    expect((await call(s, w.people.pm)('DELETE', `/footprints/${f.id}/files/${sent.body[0].id}`)).status).toBe(204);
    expect((await as('GET', `/footprints/${f.id}/activity`)).body.map((e: any) => e.action)).toEqual(['photo deleted', 'photo added', 'created']);
  });

  it("another company's footprints are 404 on every call", async () => {
    const f = await drawFootprint(s, w);
    const as = call(s, w.people.stranger);
    expect((await as('GET', `/footprints/${f.id}`)).status).toBe(404);
    expect((await as('PATCH', `/footprints/${f.id}`, { notes: 'mine' })).status).toBe(404);
    expect((await as('PATCH', `/footprints/${f.id}`, { date: '2026-02-30' })).status).toBe(404);
    expect((await as('DELETE', `/footprints/${f.id}`)).status).toBe(404);
    expect((await as('GET', `/footprints/${f.id}/files`)).status).toBe(404);
    expect((await as('GET', `/footprints/${f.id}/activity`)).status).toBe(404);
    expect((await upload(s, w.people.stranger, `/footprints/${f.id}/files`, [{ name: 'x.png', bytes: TINY_PNG }])).status).toBe(404);
    expect((await as('DELETE', `/footprints/${f.id}/files/1`)).status).toBe(404);
    expect((await as('GET', '/footprints')).body.map((r: any) => r.id)).not.toContain(f.id);
    expect((await call(s, w.people.crew)('GET', '/footprints')).status).toBe(403);
  });
});
