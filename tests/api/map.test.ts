import { MAP_MAX_CELLS_PER_AXIS, MAP_MESSAGES, MAP_POINT_LIMIT } from '../../resources/map.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { call, member } from './budgets-helpers.js';
import { productionWorld, type ProductionWorld } from './productions-helpers.js';
import { createProject } from './project-helpers.js';
import { insertDamage, insertFootprint, insertLog, insertLogs } from './calendar-rows.js';

// Austin, Texas: the project and its work sit in this box.
const BOX = 'bbox=-98,30,-97,31';

describeEachDatabase('map: markers in a box', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  let checkin: number;
  let damage: number;
  let footprint: number;
  let strangerProject: number;
  const markers = (who: Parameters<typeof call>[1], query: string) => call(s, who)('GET', `/map/markers?${query}`);

  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
    const company = w.owner.companyId;
    checkin = await insertLog(s, { companyId: company, projectId: w.projectId, userId: w.people.ownerLeader.userId, date: '2026-05-07', lat: 30.25, lng: -97.75 });
    await insertLog(s, { companyId: company, projectId: w.projectId, date: '2026-05-07', lat: null, lng: null });
    await insertLog(s, { companyId: company, projectId: w.projectId, date: '2026-05-08', lat: 40.7, lng: -74 });
    damage = await insertDamage(s, { companyId: company, projectId: w.projectId, date: '2026-05-02', lat: 30.3, lng: -97.7 });
    footprint = await insertFootprint(s, { companyId: company, projectId: w.projectId, points: [[30.2, -97.8], [30.2, -97.79], [30.21, -97.79]] });
    strangerProject = (await createProject(s, w.stranger.token, w.stranger.companyId)).id;
    await insertLog(s, { companyId: w.stranger.companyId, projectId: strangerProject, date: '2026-05-07', lat: 30.5, lng: -97.5 });
    await insertDamage(s, { companyId: w.stranger.companyId, projectId: strangerProject, date: '2026-05-02', lat: 30.5, lng: -97.5 });
  });

  it('the project settings set a position (both or neither, validated); the projects layer shows it', async () => {
    const patch = (body: unknown) => call(s, w.people.owner)('PATCH', `/projects/${w.projectId}`, body);
    for (const bad of [{ lat: 200, lng: 0 }, { lat: 30 }, { lat: 30, lng: null }, { lat: '30', lng: '-97' }, { lat: 30, lng: -181 }]) {
      const res = await patch(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(s, w.people.owner)('GET', `/projects/${w.projectId}`)).body).toMatchObject({ lat: null, lng: null });
    const res = await patch({ lat: 30.27, lng: -97.74 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lat: 30.27, lng: -97.74 });
    const map = await markers(w.people.owner, `layers=projects&${BOX}&zoom=10`);
    expect(map.status).toBe(200);
    expect(map.body).toEqual({
      points: [{ layer: 'projects', id: w.projectId, lat: 30.27, lng: -97.74, title: expect.stringContaining('Main Street Fiber'), url: `/app/projects/${w.projectId}` }],
      clusters: [],
      clustered: [],
    });
    // The client and the subcontractor see the project too (project-access.ts relations).
    expect((await markers(w.people.client, `layers=projects&${BOX}`)).body.points.map((p: any) => p.id)).toEqual([w.projectId]);
    expect((await markers(w.people.subPm, `layers=projects&${BOX}`)).body.points.map((p: any) => p.id)).toEqual([w.projectId]);
  });

  it('a project without a position sits at the mean of its check-ins', async () => {
    await call(s, w.people.owner)('PATCH', `/projects/${w.projectId}`, { lat: null, lng: null });
    const world = await markers(w.people.owner, 'layers=projects');
    const [point] = world.body.points;
    expect(point.id).toBe(w.projectId);
    expect(point.lat).toBeCloseTo((30.25 + 40.7) / 2, 6);
    expect(point.lng).toBeCloseTo((-97.75 - 74) / 2, 6);
    await call(s, w.people.owner)('PATCH', `/projects/${w.projectId}`, { lat: 30.27, lng: -97.74 });
  });

  it('check-ins, damages and footprints in the box, each opening its record', async () => {
    const res = await markers(w.people.owner, `layers=checkins,damages,footprints&${BOX}&zoom=12`);
    expect(res.status).toBe(200);
    expect(res.body.points.map((p: any) => [p.layer, p.id, p.url])).toEqual([
      ['checkins', checkin, `/app/logs/${checkin}`],
      ['damages', damage, `/app/damages/${damage}`],
      ['footprints', footprint, `/app/footprints/${footprint}`],
    ]);
    expect(res.body.points[2].shape).toBeUndefined();
    // Zoomed in, a footprint comes with its drawn shape.
    const near = await markers(w.people.owner, `layers=footprints&bbox=-97.81,30.19,-97.78,30.22&zoom=16`);
    expect(near.body.points[0].shape).toEqual({ kind: 'polygon', points: [[30.2, -97.8], [30.2, -97.79], [30.21, -97.79]] });
  });

  it("another company's markers never appear", async () => {
    const mine = await markers(w.people.owner, 'zoom=3');
    expect(mine.body.points.every((p: any) => p.id !== strangerProject)).toBe(true);
    expect(mine.body.points.filter((p: any) => p.lat === 30.5)).toEqual([]);
    const theirs = await markers(w.people.stranger, 'zoom=3');
    expect(theirs.status).toBe(200);
    // Their project has no position of its own: it sits at its one check-in.
    expect(theirs.body.points.map((p: any) => p.layer).sort()).toEqual(['checkins', 'damages', 'projects']);
    expect(theirs.body.points.every((p: any) => p.lat === 30.5)).toBe(true);
    expect((await markers(w.people.stranger, `projectId=${w.projectId}`)).body.points).toEqual([]);
  });

  it('each layer needs its view permission', async () => {
    const layers = async (who: Parameters<typeof call>[1]) => [...new Set((await markers(who, BOX)).body.points.map((p: any) => p.layer))].sort();
    expect(await layers(await member(s, w.owner, 'Member'))).toEqual([]);
    expect(await layers(await member(s, w.owner, 'Crew'))).toEqual(['projects']);
    expect(await layers(w.people.ownerLeader)).toEqual(['checkins', 'damages', 'footprints', 'projects']);
    expect(await layers(await member(s, w.owner, 'Claims'))).toEqual(['damages', 'projects']);
  });

  it('a bad box, zoom or layer is a 400', async () => {
    for (const query of ['bbox=-200,0,10,10', 'bbox=0,-95,10,10', 'bbox=10,0,5,5', 'bbox=0,10,5,5,6', 'bbox=a,b,c,d', 'bbox=0,0,1,', 'zoom=23', 'zoom=-1', 'zoom=1.5', 'layers=roads', 'projectId=x', 'colour=red']) {
      const res = await markers(w.people.owner, query);
      expect(res.status, query).toBe(400);
    }
    expect(JSON.stringify((await markers(w.people.owner, 'bbox=0,100,1,101')).body)).toContain(MAP_MESSAGES.bbox);
  });

  it('a project with 10,000 check-ins comes back as grid clusters counted in SQL, never as one unbounded answer', async () => {
    const project = (await createProject(s, w.owner.token, w.owner.companyId)).id;
    // A 100 × 100 grid of check-ins over about 11 km.
    await insertLogs(
      s,
      Array.from({ length: 10_000 }, (_, i) => ({ companyId: w.owner.companyId, projectId: project, date: '2026-05-09', lat: 30 + Math.floor(i / 100) * 0.001, lng: -97 - (i % 100) * 0.001 })),
    );
    const res = await markers(w.people.owner, `layers=checkins&projectId=${project}&bbox=-97.2,29.9,-96.9,30.2&zoom=12`);
    expect(res.status).toBe(200);
    expect(res.body.clustered).toEqual(['checkins']);
    const total = res.body.clusters.reduce((n: number, c: any) => n + c.count, 0) + res.body.points.length;
    expect(total).toBe(10_000);
    expect(res.body.clusters.length).toBeGreaterThan(1);
    expect(res.body.clusters.length).toBeLessThanOrEqual(MAP_MAX_CELLS_PER_AXIS ** 2);
    for (const c of res.body.clusters) {
      expect(c.layer).toBe('checkins');
      expect(c.lat).toBeGreaterThanOrEqual(30);
      expect(c.lat).toBeLessThanOrEqual(30.1);
    }
    // Whatever the zoom asked, the cells are no smaller than the box allows: the answer stays bounded.
    const deep = await markers(w.people.owner, `layers=checkins&projectId=${project}&bbox=-180,-90,180,90&zoom=22`);
    expect(deep.body.clusters.length).toBeLessThanOrEqual(MAP_MAX_CELLS_PER_AXIS ** 2);
    expect(deep.body.points.length).toBeLessThanOrEqual(MAP_POINT_LIMIT);
    // A small box holds few enough to answer as points.
    const close = await markers(w.people.owner, `layers=checkins&projectId=${project}&bbox=-97.0095,30.0005,-97.0005,30.0095&zoom=18`);
    expect(close.body.clustered).toEqual([]);
    expect(close.body.points).toHaveLength(81);
  });

  it('needs a session', async () => {
    expect((await s.call('GET', '/api/v1/map/markers')).status).toBe(401);
  });
});
