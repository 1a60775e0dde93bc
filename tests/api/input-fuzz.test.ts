import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ZodType } from 'zod';
import type { RouteDef } from '../../server/http/route.js';
import { allRoutes } from '../../server/modules/index.js';
import { bodiesFor, FIXED_SEGMENTS, hostilePayload, hostileQuery, hostileSegment, type RawPayload } from './fuzz-arbitraries.js';
import { CONTROL_REFUSALS } from './fuzz-controls.js';
import { seedWorld, validBodies, validParams, type FuzzWorld } from './fuzz-fixtures.js';
import { describeEachDatabase, type TestServer } from './harness.js';

/**
 * Property: no input makes the API answer 5xx, and every 4xx is in our error shape. Each route is
 * called as the owner of a seeded company, so its own code runs, not only the 401:
 *   - every route taking a body: first, before any fuzzing, its valid body (it must succeed, or meet
 *     the refusal fuzz-controls.ts names), then bodies derived from it and from the route's schema;
 *   - every upload and every write without a body: hostile multipart, other content types, JSON;
 *   - every (route, path param) pair: fixed hostile segments, then seeded random ones;
 *   - every list: hostile filters, search, sort and paging.
 * Runs are fixed by a seed printed below; FUZZ_SEED and FUZZ_RUNS change them (FUZZ_RUNS=500 for a long hunt).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
console.log(`input fuzzer: seed ${SEED}, ${RUNS} bodies per route (set FUZZ_SEED and FUZZ_RUNS to change)`);

const API = '/api/v1';
const key = (r: RouteDef<any, any, any>) => `${r.method} ${r.url}`;
const bodyRoutes = allRoutes.filter((r) => r.body);
const bodylessWrites = allRoutes.filter((r) => !r.body && r.method !== 'GET');
const paramRoutes = allRoutes.filter((r) => r.params);
const listRoutes = allRoutes.filter((r) => r.query && r.method === 'GET');

const urlOf = (route: RouteDef<any, any, any>, params: Record<string, string | number>) =>
  API + route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => String(params[name]));

interface Sent {
  method: string;
  url: string;
  body?: unknown;
  /** Sent as is, with its content type, in place of a JSON body. */
  raw?: RawPayload;
}

async function send(s: TestServer, w: FuzzWorld, req: Sent) {
  const json = req.body !== undefined && !req.raw;
  const res = await s.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: {
      authorization: `Bearer ${w.token}`,
      'x-company-id': String(w.companyId),
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(req.raw ? { 'content-type': req.raw.contentType } : {}),
    },
    ...(json ? { payload: JSON.stringify(req.body) } : {}),
    ...(req.raw ? { payload: req.raw.payload } : {}),
  });
  let body: any = null;
  try {
    body = JSON.parse(res.body);
  } catch {
    // checked below: a 4xx must be JSON
  }
  return { status: res.statusCode, body, raw: res.body };
}

/** The property itself: below 500, and a 4xx carries our shape with the same status in it. */
async function holds(s: TestServer, w: FuzzWorld, req: Sent): Promise<void> {
  const res = await send(s, w, req);
  const shaped =
    res.status < 400 ||
    (typeof res.body?.error?.message === 'string' &&
      typeof res.body.error.code === 'string' &&
      res.body.error.statusCode === res.status &&
      res.body.statusCode === res.status &&
      res.body.message === res.body.error.message);
  if (res.status >= 500 || !shaped) {
    const sent = (req.raw ? String(req.raw.payload) : JSON.stringify(req.body))?.slice(0, 400);
    throw new Error(`${req.method} ${req.url.slice(0, 300)} with ${sent} answered ${res.status} ${res.raw.slice(0, 300)}`);
  }
}

const options = (offset: number, numRuns: number) => ({ seed: SEED + offset, numRuns, endOnFailure: false });
/** Long hunts outlast the default 20 s: password routes hash each body they accept. */
const TIMEOUT = Math.max(20_000, RUNS * 300);

/** A geocoder that finds nothing: without one the address routes answer 503 by design (tests/api/geocoding.test.ts). */
let geocoder: Server;
beforeAll(async () => {
  geocoder = createServer((_req, res) => res.setHeader('content-type', 'application/json').end('[]'));
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => geocoder.close(resolve)));

describeEachDatabase('input fuzzer: no input is a 5xx', (server) => {
  let world: FuzzWorld;
  beforeAll(async () => {
    world = await seedWorld(server());
    server().config.geocoder.url = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
  });

  it('has a valid body for every route that takes one, and each is valid', () => {
    const bodies = validBodies(world);
    expect(Object.keys(bodies).sort()).toEqual(bodyRoutes.map(key).sort());
    const invalid = bodyRoutes.filter((r) => !(r.body as ZodType).safeParse(bodies[key(r)]).success).map(key);
    expect(invalid).toEqual([]);
  });

  // Before any fuzzed body: what earlier fuzzed bodies do to the world (a dashboard made private) would
  // otherwise decide whether a later valid body can succeed, and a long hunt would fail on it.
  it('answers every valid body with success, or with the one refusal fuzz-controls.ts names', async () => {
    const s = server();
    const failures: string[] = [];
    for (const route of bodyRoutes) {
      const name = key(route);
      const control = await send(s, world, { method: route.method, url: urlOf(route, validParams(world, route.url)), body: validBodies(world)[name] });
      const refusal = CONTROL_REFUSALS[name];
      const ok = refusal ? control.status === refusal.status && control.body?.error?.code === refusal.code : control.status < 400;
      if (!ok) failures.push(`${name}: ${control.status} ${control.raw.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(bodyRoutes.map((r, i) => [key(r), r, i] as const))('bodies of %s', async (name, route, index) => {
    const s = server();
    const params = validParams(world, route.url);
    const valid = validBodies(world)[name];
    await fc.assert(
      fc.asyncProperty(bodiesFor(route.body as ZodType, valid), (body) => holds(s, world, { method: route.method, url: urlOf(route, params), body })),
      options(index, RUNS),
    );
  }, TIMEOUT);

  it.each(bodylessWrites.map((r, i) => [key(r), r, i] as const))('uploads and stray bodies of %s', async (_name, route, index) => {
    const s = server();
    const url = urlOf(route, validParams(world, route.url));
    await fc.assert(fc.asyncProperty(hostilePayload, (raw) => holds(s, world, { method: route.method, url, raw })), options(3000 + index, RUNS));
  }, TIMEOUT);

  it('every (route, path param) pair, with fixed hostile segments and seeded random ones', async () => {
    const s = server();
    const bodies = validBodies(world);
    const cases = paramRoutes.flatMap((route) => Object.keys(validParams(world, route.url)).map((name) => ({ route, name })));
    const failures: string[] = [];
    for (const [i, { route, name }] of cases.entries()) {
      const random = fc.sample(hostileSegment, { seed: SEED + 1000 + i, numRuns: Math.ceil(RUNS / 4) });
      for (const segment of [...FIXED_SEGMENTS, ...random]) {
        const url = urlOf(route, { ...validParams(world, route.url), [name]: segment });
        await holds(s, world, { method: route.method, url, body: bodies[key(route)] }).catch((err: Error) => failures.push(err.message));
      }
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(200);
  }, TIMEOUT * 4);

  it('every list route, with hostile filters, search, sort and paging', async () => {
    const s = server();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...listRoutes), hostileQuery, (route, query) =>
        holds(s, world, { method: 'GET', url: `${urlOf(route, validParams(world, route.url))}?${query}` }),
      ),
      options(2000, listRoutes.length * Math.ceil(RUNS / 2)),
    );
  }, TIMEOUT);
});
