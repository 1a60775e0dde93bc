import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeEachDatabase, registerUser, type TestServer } from './harness.js';
import { companySide, callAs, type CompanySide } from './project-helpers.js';

/**
 * GEOCODER_URL's contract against a local provider started here, answering Nominatim's jsonv2 and
 * Photon's GeoJSON: both read into the same shape, at most ten places; bad input is a 400; no
 * provider a 503; a failing, garbled or slow provider a 502 well before the request would hang.
 */
const nominatimPlace = (n: number) => ({
  place_id: n,
  lat: '30.2746652',
  lon: '-97.7403505',
  name: 'Texas Capitol',
  display_name: `Texas Capitol, ${1100 + n}, Congress Avenue, Austin, Travis County, Texas, 78701, United States`,
  address: { house_number: String(1100 + n), road: 'Congress Avenue', city: 'Austin', county: 'Travis County', state: 'Texas', 'ISO3166-2-lvl4': 'US-TX', postcode: '78701', country: 'United States', country_code: 'us' },
});
const photonFeature = (n: number) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [13.3777, 52.5163] },
  properties: { name: 'Brandenburger Tor', housenumber: String(n + 1), street: 'Pariser Platz', city: 'Berlin', state: 'Berlin', postcode: '10117', country: 'Germany', countrycode: 'DE' },
});

const json = (res: ServerResponse, body: unknown) => res.setHeader('content-type', 'application/json').end(JSON.stringify(body));
const answers: Record<string, (res: ServerResponse) => void> = {
  '/nominatim/search': (res) => json(res, Array.from({ length: 12 }, (_, i) => nominatimPlace(i))),
  '/nominatim/reverse': (res) => json(res, nominatimPlace(0)),
  '/nowhere/reverse': (res) => json(res, { error: 'Unable to geocode' }),
  '/photon/api': (res) => json(res, { type: 'FeatureCollection', features: [photonFeature(0), { type: 'Feature', geometry: null, properties: {} }, photonFeature(1)] }),
  '/photon/reverse': (res) => json(res, { type: 'FeatureCollection', features: [photonFeature(0)] }),
  '/down/search': (res) => res.writeHead(500).end('{"error":"down"}'),
  '/garbage/search': (res) => res.end('<html>not json'),
  '/slow/search': (res) => void setTimeout(() => json(res, []), 2000),
};

let provider: Server;
let base = '';
const asked: Array<{ path: string; query: URLSearchParams; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  provider = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    asked.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    (answers[url.pathname] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

/** Points the running server's geocoder at one of the provider's paths. */
const use = (s: TestServer, path: string | null, kind: 'nominatim' | 'photon' = 'nominatim') => {
  Object.assign(s.config.geocoder, { url: path === null ? null : `${base}/${path}`, kind, timeoutMs: 300 });
};

describeEachDatabase('address search and geocoding (GEOCODER_URL)', (server) => {
  let owner: CompanySide;
  const get = (path: string) => callAs(server(), owner, 'GET', path);
  beforeAll(async () => {
    owner = await companySide(server(), 'Geo Paving');
  });
  afterAll(() => use(server(), null));

  it("reads Nominatim's places, at most ten, asking with the typed text only", async () => {
    use(server(), 'nominatim');
    const res = await get('/geocode/search?q=%20%201100%20Congress%20');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
    expect(res.body[0]).toEqual({ address: '1100 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701', country: 'US', coordinates: { lat: 30.2746652, lng: -97.7403505 } });
    const call = asked.at(-1)!;
    expect(call.path).toBe('/nominatim/search');
    expect(Object.fromEntries(call.query)).toEqual({ q: '1100 Congress', format: 'jsonv2', addressdetails: '1', limit: '10' });
    expect(call.headers['user-agent']).toMatch(/^Fieldwork \(/);
    expect(call.headers.authorization).toBeUndefined();
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers['x-company-id']).toBeUndefined();
  });

  it("reads Photon's GeoJSON, leaving out features without a position", async () => {
    use(server(), 'photon', 'photon');
    const res = await get('/geocode/search?q=Pariser');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { address: '1 Pariser Platz', city: 'Berlin', state: 'Berlin', zip: '10117', country: 'DE', coordinates: { lat: 52.5163, lng: 13.3777 } },
      { address: '2 Pariser Platz', city: 'Berlin', state: 'Berlin', zip: '10117', country: 'DE', coordinates: { lat: 52.5163, lng: 13.3777 } },
    ]);
    expect(Object.fromEntries(asked.at(-1)!.query)).toEqual({ q: 'Pariser', limit: '10' });
  });

  it('reverse geocodes a position with either provider, null where there is no address', async () => {
    use(server(), 'nominatim');
    const nominatim = await get('/geocode/reverse?lat=30.2747&lng=-97.7404');
    expect(nominatim.status).toBe(200);
    expect(nominatim.body).toMatchObject({ address: '1100 Congress Avenue', city: 'Austin', state: 'TX', country: 'US' });
    expect(Object.fromEntries(asked.at(-1)!.query)).toEqual({ lat: '30.2747', lon: '-97.7404', format: 'jsonv2', addressdetails: '1' });
    use(server(), 'photon', 'photon');
    const photon = await get('/geocode/reverse?lat=52.5163&lng=13.3777');
    expect(photon.body).toMatchObject({ address: '1 Pariser Platz', country: 'DE' });
    use(server(), 'nowhere');
    const nowhere = await get('/geocode/reverse?lat=0&lng=0');
    expect(nowhere.status).toBe(200);
    expect(nowhere.body).toBeNull();
  });

  it.each([
    ['/geocode/search', 'q'],
    ['/geocode/search?q=ab', 'q'],
    ['/geocode/search?q=%20%20ab%20%20', 'q'],
    [`/geocode/search?q=${'a'.repeat(201)}`, 'q'],
    ['/geocode/search?q=Main&limit=50', ''],
    ['/geocode/reverse?lat=91&lng=0', 'lat'],
    ['/geocode/reverse?lat=0&lng=-180.5', 'lng'],
    ['/geocode/reverse?lat=north&lng=0', 'lat'],
    ['/geocode/reverse?lat=1e2&lng=0', 'lat'],
    ['/geocode/reverse?lat=10', 'lng'],
  ])('%s is a 400', async (path, field) => {
    use(server(), 'nominatim');
    const before = asked.length;
    const res = await get(path);
    expect(res.status).toBe(400);
    if (field) expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(asked.length).toBe(before);
  });

  it('is a 503 with a clear message when no provider is set', async () => {
    use(server(), null);
    for (const path of ['/geocode/search?q=Congress', '/geocode/reverse?lat=1&lng=2']) {
      const res = await get(path);
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'GEOCODING_OFF', message: expect.stringMatching(/not available/) });
    }
  });

  it.each(['down', 'garbage', 'slow'])('a %s provider is a 502, answered within the timeout', async (path) => {
    use(server(), path);
    const started = Date.now();
    const res = await get('/geocode/search?q=Congress');
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'GEOCODER_FAILED', message: expect.stringMatching(/did not answer/) });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('an unreachable provider is a 502 too', async () => {
    Object.assign(server().config.geocoder, { url: 'http://127.0.0.1:1', kind: 'nominatim' });
    expect((await get('/geocode/search?q=Congress')).status).toBe(502);
  });

  it('needs a session (401) and a company (403)', async () => {
    use(server(), 'nominatim');
    expect((await server().call('GET', '/api/v1/geocode/search?q=Congress')).status).toBe(401);
    expect((await server().call('GET', '/api/v1/geocode/reverse?lat=1&lng=2')).status).toBe(401);
    const loner = await registerUser(server());
    expect((await server().call('GET', '/api/v1/geocode/search?q=Congress', { token: loner.token })).status).toBe(403);
  });
});
