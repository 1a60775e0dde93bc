import { distanceM } from '../../resources/geo.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { callAs, companySide, createProject, type CompanySide } from './project-helpers.js';

/** Austin's capitol, where the crew leader's phone is. */
const HERE = { lat: 30.2747, lng: -97.7404 };
const near = `${HERE.lat},${HERE.lng}`;

/**
 * GET /projects?near=<lat>,<lng>: the crew leader's project list, nearest first when the phone knows
 * where it is (issue 21).
 */
describeEachDatabase('projects nearest first (near=)', (server) => {
  let s: TestServer;
  let owner: CompanySide;
  const ids: Record<string, number> = {};
  const list = async (query: string) => callAs(s, owner, 'GET', `/projects?${query}`);
  const names = (res: { body: Array<{ projectName: string }> }) => res.body.map((p) => p.projectName);

  beforeAll(async () => {
    s = server();
    owner = await companySide(s, 'Near Paving');
    // Created in this order, so the usual order (newest first) is the reverse.
    const places: Array<[string, { lat: number; lng: number } | null]> = [
      ['Round Rock', { lat: 30.5083, lng: -97.6789 }],
      ['No position A', null],
      ['Congress Ave', { lat: 30.2672, lng: -97.7431 }],
      ['San Antonio', { lat: 29.4241, lng: -98.4936 }],
      ['No position B', null],
      ['Pflugerville', { lat: 30.4394, lng: -97.62 }],
    ];
    for (const [name, at] of places) {
      const p = await createProject(s, owner.token, owner.companyId, { projectName: name });
      ids[name] = p.id;
      if (at) expect((await callAs(s, owner, 'PATCH', `/projects/${p.id}`, at)).status).toBe(200);
    }
  });

  it('sorts nearest first with distanceKm to one decimal; projects without a position come last in the usual order', async () => {
    const res = await list(`near=${near}`);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Congress Ave', 'Pflugerville', 'Round Rock', 'San Antonio', 'No position B', 'No position A']);
    expect(res.headers['x-total-count']).toBe('6');
    const km = Object.fromEntries(res.body.map((p: { projectName: string; distanceKm: number | null }) => [p.projectName, p.distanceKm]));
    expect(km['No position A']).toBeNull();
    for (const p of res.body.filter((x: { lat: number | null }) => x.lat !== null)) {
      expect(Number.isInteger(p.distanceKm * 10)).toBe(true);
      // The equirectangular figure stays within 0.5 % (and the rounding) of the great circle.
      const exact = distanceM([HERE.lat, HERE.lng], [p.lat, p.lng]) / 1000;
      expect(Math.abs(p.distanceKm - exact)).toBeLessThanOrEqual(exact * 0.005 + 0.05);
    }
    expect(km['Congress Ave']).toBe(0.9);
    expect(km['San Antonio']).toBeGreaterThan(110);
  });

  it('pages, filters and searches as usual, the distance order first and the usual sort after it', async () => {
    const first = await list(`near=${near}&_start=0&_end=2`);
    const second = await list(`near=${near}&_start=2&_end=4`);
    expect([...names(first), ...names(second)]).toEqual(['Congress Ave', 'Pflugerville', 'Round Rock', 'San Antonio']);
    expect(first.headers['x-total-count']).toBe('6');
    const searched = await list(`near=${near}&q=No%20position`);
    expect(names(searched)).toEqual(['No position B', 'No position A']);
    const sortedAfter = await list(`near=${near}&_sort=projectName&_order=asc`);
    expect(names(sortedAfter).slice(4)).toEqual(['No position A', 'No position B']);
    const filtered = await list(`near=29.4241,-98.4936&id=${ids['Round Rock']}&id=${ids['San Antonio']}`);
    expect(filtered.body.map((p: { projectName: string; distanceKm: number }) => [p.projectName, p.distanceKm])).toEqual([
      ['San Antonio', 0],
      ['Round Rock', expect.any(Number)],
    ]);
  });

  it('without near the list is as before: the usual order and no distanceKm', async () => {
    const res = await list('');
    expect(names(res)).toEqual(['Pflugerville', 'No position B', 'San Antonio', 'Congress Ave', 'No position A', 'Round Rock']);
    expect(res.body.every((p: object) => !('distanceKm' in p))).toBe(true);
  });

  it.each([
    ['a single number', 'near=30.27'],
    ['words', 'near=here'],
    ['an empty value', 'near='],
    ['three numbers', 'near=30,-97,1'],
    ['a latitude past 90', 'near=91,-97'],
    ['a longitude past 180', 'near=30,-181'],
    ['exponents', 'near=3e1,-97'],
    ['two values', `near=${near}&near=${near}`],
  ])('%s is a 400 naming near', async (_, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('near');
    expect(res.body.error.message).toMatch(/^near: (Must be near=<lat>,<lng>|Latitude must be|Longitude must be)/);
  });
});
