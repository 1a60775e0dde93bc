import type { FastifyInstance } from 'fastify';
import type { LocateDetail } from '../resources/locate.js';
import type { ProductionCrewOption } from '../resources/production.js';
import type { Project } from '../resources/project.js';

/**
 * The demo company's field records for `npm run seed:demo`: check-ins on the fiber build with their
 * positions (on the map and in the calendar), and locate tickets: one expiring in two days, one
 * expired, one ready to dig with the utilities' responses. Days count from today, so the expiry
 * highlights show whenever the demo is seeded. Then damages (one claimed, one in repair, one
 * reported) and footprints (a bore pit under temporary restoration, an open trench line). Through
 * the API; each part is left as it is when the company already has some.
 */
export async function seedDemoField(app: FastifyInstance, headers: Record<string, string>, companyId: number) {
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
    return res.body ? res.json() : null;
  };
  const projects: Project[] = await call('GET', `/companies/${companyId}/projects/all`);
  const fiber = projects.find((p) => p.code === 'MFB-2026') ?? projects[0];
  if (!fiber) return;
  const crews: ProductionCrewOption[] = await call('GET', '/logs/crews');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  // A check-in needs a crew; the demo's crews are made before this runs.
  const crew = crews[0];
  if (crew && !(await call('GET', '/logs?_end=1')).length) {
    const checkIns = [
      { offset: -3, lat: 30.2988, lng: -97.7054, address: 'Mueller Blvd at Aldrich St', description: 'Crew on site, hub cabinet set.', status: 'submitted' },
      { offset: -2, lat: 30.3012, lng: -97.7069, address: 'Aldrich St, north of Philomena', description: 'Bore pit dug; waiting on the gas locate.', status: 'submitted' },
      { offset: -1, lat: 30.3035, lng: -97.7088, address: 'Berkman Dr', description: 'Rain after 11 am, restoration only.', status: 'open' },
      { offset: 0, lat: 30.2961, lng: -97.7031, address: null, description: 'Checked in at the yard.', status: 'open' },
    ];
    for (const c of checkIns) {
      const logData = { projectId: fiber.id, crewId: crew.id, lat: c.lat, lng: c.lng, address: c.address, status: c.status, description: c.description };
      await call('POST', '/logs', { logData, dateString: day(c.offset) });
    }
  }

  if (!(await call('GET', '/locates/all?_end=1')).length) {
    const ticket = (ticketNumber: string, start: number, expires: number, address: string, extra: object = {}): Promise<LocateDetail> =>
      call('POST', '/locates', { ticketNumber, projectId: fiber.id, address, city: 'Austin', state: 'TX', digStartDate: day(start), expiresOn: day(expires), ...extra });
    await ticket('TX811-2611-0042', -12, 2, '1900 Aldrich St', { lat: 30.3012, lng: -97.7069, description: 'Bore under Aldrich St.' });
    await ticket('TX811-2610-0917', -20, -1, '4200 Berkman Dr', { description: 'Expired: ask for a refresh before digging again.' });
    const ready = await ticket('TX811-2611-0108', -2, 12, '1800 Simond Ave', { lat: 30.2988, lng: -97.7054 });
    const answered = [
      { utilityName: 'Austin Energy', status: 'marked', note: 'Primary marked along the curb.' },
      { utilityName: 'Texas Gas Service', status: 'clear', note: null },
      { utilityName: 'Austin Water', status: 'marked', note: 'Service lines flagged blue.' },
    ];
    for (const r of answered) await call('POST', `/locates/${ready.id}/responses`, { ...r, respondedAt: new Date(Date.now() - 86_400_000).toISOString() });
    await call('PATCH', `/locates/${ready.id}`, { status: 'ready' });
  }

  await seedDamages(call, companyId, fiber);
  await seedFootprints(call, companyId, fiber, crews[0]?.id ?? null);
}

export type Call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => Promise<any>;

/** The company's rows of a catalog type by name, made first when it has none. */
export async function catalogIds(call: Call, companyId: number, path: string, names: string[]): Promise<Record<string, number>> {
  let rows: Array<{ id: number; name: string }> = await call('GET', `/companies/${companyId}/${path}?_end=200`);
  if (!rows.length) {
    for (const name of names) await call('POST', `/companies/${companyId}/${path}`, { name });
    rows = await call('GET', `/companies/${companyId}/${path}?_end=200`);
  }
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** Damages on the fiber build: a struck gas service being claimed, a cut fiber drop under repair, a cracked driveway just reported. */
async function seedDamages(call: Call, companyId: number, fiber: Project) {
  if ((await call('GET', '/damages?_end=1')).length) return;
  const types = await catalogIds(call, companyId, 'damage-types', ['Gas Line Strike', 'Fiber Cut', 'Driveway Damage']);
  const authorities = await catalogIds(call, companyId, 'safety-authorities', ['Texas 811']);
  const authority = authorities['Texas 811'] ?? Object.values(authorities)[0] ?? null;
  const base = { projectId: fiber.id, city: 'Austin', state: 'TX', safetyAuthorityId: authority };
  const struck = await call('POST', '/damages', {
    ...base,
    damageDate: '2026-11-17',
    damageTypeId: types['Gas Line Strike'] ?? null,
    description: 'Bore head struck an unmarked 3/4 in gas service at 4+20.',
    address: '1900 Aldrich St',
    lat: 30.3012,
    lng: -97.7069,
    amount: '4850.00',
  });
  await call('PATCH', `/damages/${struck.id}`, { status: 'claimed' });
  const cut = await call('POST', '/damages', {
    ...base,
    damageDate: '2026-11-19',
    damageTypeId: types['Fiber Cut'] ?? null,
    description: 'Existing fiber drop cut while potholing; splice crew called.',
    address: '4700 Mueller Blvd',
    lat: 30.2988,
    lng: -97.7054,
    amount: '1275.50',
  });
  await call('PATCH', `/damages/${cut.id}`, { status: 'in_repair' });
  await call('POST', '/damages', { ...base, damageDate: '2026-11-20', damageTypeId: types['Driveway Damage'] ?? null, description: 'Driveway apron cracked by the mini excavator.', address: '1812 Simond Ave' });
}

/** Footprints of the same days: the bore pit under temporary restoration, the trench line still open. */
async function seedFootprints(call: Call, companyId: number, fiber: Project, crewId: number | null) {
  if ((await call('GET', '/footprints?_end=1')).length) return;
  const types = await catalogIds(call, companyId, 'footprint-types', ['Trench', 'Bore Pit', 'Sidewalk Panel']);
  const anyType = Object.values(types)[0]!;
  const pit = await call('POST', '/footprints', {
    projectId: fiber.id,
    typeId: types['Bore Pit'] ?? anyType,
    crewId,
    date: '2026-11-18',
    kind: 'polygon',
    points: [
      [30.30124, -97.70696],
      [30.30124, -97.70684],
      [30.30116, -97.70684],
      [30.30116, -97.70696],
    ],
    notes: 'Entry pit for the Aldrich St bore.',
  });
  await call('PATCH', `/footprints/${pit.id}`, { restorationStatus: 'temporary' });
  await call('POST', '/footprints', {
    projectId: fiber.id,
    typeId: types['Trench'] ?? anyType,
    crewId,
    date: '2026-11-19',
    kind: 'line',
    points: [
      [30.2988, -97.7054],
      [30.29843, -97.70536],
      [30.29796, -97.70533],
    ],
    notes: 'Open cut along the Mueller Blvd parkway.',
  });
}
