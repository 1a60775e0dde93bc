import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { weatherAt } from '../../server/lib/weather.js';
import { describeEachDatabase } from './harness.js';
import { call } from './budgets-helpers.js';
import { checkIn, fieldWorld, type FieldWorld } from './logs-helpers.js';

/**
 * WEATHER_URL's contract against a local service started here: a good Open-Meteo answer is stored
 * compactly; an error status, a timeout or garbage leaves the check-in without weather, never failing it.
 */
const answers: Record<string, (res: import('node:http').ServerResponse) => void> = {
  good: (res) =>
    res.setHeader('content-type', 'application/json').end(
      JSON.stringify({ latitude: 30.25, longitude: -97.75, current_weather: { time: '2026-03-05T15:00', temperature: 21.4, windspeed: 12.2, winddirection: 180, weathercode: 61, is_day: 1 } }),
    ),
  current: (res) => res.end(JSON.stringify({ current: { time: '2026-03-05T15:00', temperature_2m: 5.5, wind_speed_10m: 3, wind_direction_10m: 90, weather_code: 0 } })),
  error: (res) => res.writeHead(500).end('{"error":true,"reason":"down"}'),
  garbage: (res) => res.end('<html>not json'),
  empty: (res) => res.end('{"current_weather":{}}'),
  slow: (res) => void setTimeout(() => res.end('{}'), 2000),
};

let service: Server;
const seen: string[] = [];
let port = 0;

beforeAll(async () => {
  service = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    seen.push(url.search);
    answers[url.pathname.slice(1)]!(res);
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  port = (service.address() as AddressInfo).port;
});
afterAll(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
});

/** Points the running server's weather setting at one of the service's answers. */
const use = (s: { config: { weather: { url: string | null; timeoutMs: number } } }, answer: string | null) => {
  s.config.weather.url = answer === null ? null : `http://127.0.0.1:${port}/${answer}?latitude={lat}&longitude={lng}&current_weather=true&key=secret`;
  s.config.weather.timeoutMs = 300;
};

describeEachDatabase('check-in weather (WEATHER_URL)', (server) => {
  let w: FieldWorld;
  beforeAll(async () => {
    w = await fieldWorld(server());
  });
  afterAll(() => use(server(), null));

  it('stores a compact reading of a good answer, asked at the position', async () => {
    use(server(), 'good');
    const log = await checkIn(server(), w, w.people.leader, { lat: 30.2672, lng: -97.7431 });
    expect(seen.at(-1)).toBe('?latitude=30.2672&longitude=-97.7431&current_weather=true&key=secret');
    expect(log.weather).toEqual({ temperature: 21.4, windSpeed: 12.2, windDirection: 180, code: 61, summary: 'Rain', observedAt: '2026-03-05T15:00' });
    const listed = await call(server(), w.people.owner)('GET', `/logs?id=${log.id}`);
    expect(listed.body[0].weather.summary).toBe('Rain');
  });

  it("reads Open-Meteo's newer current block too", async () => {
    use(server(), 'current');
    const log = await checkIn(server(), w, w.people.leader);
    expect(log.weather).toMatchObject({ temperature: 5.5, windSpeed: 3, code: 0, summary: 'Clear sky' });
  });

  it.each(['error', 'garbage', 'empty', 'slow'])('a %s answer leaves the check-in without weather', async (answer) => {
    use(server(), answer);
    const started = Date.now();
    const log = await checkIn(server(), w, w.people.leader);
    expect(log.weather).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('an unreachable service is no weather either', async () => {
    server().config.weather.url = 'http://127.0.0.1:1/none?lat={lat}&lng={lng}';
    expect((await checkIn(server(), w, w.people.leader)).weather).toBeNull();
  });

  it('without a position or without WEATHER_URL nothing is asked', async () => {
    use(server(), 'good');
    const before = seen.length;
    const res = await call(server(), w.people.leader)('POST', '/logs', { projectId: w.projectId, crewId: w.crews.paving, address: '12 Elm St' });
    expect(res.status).toBe(201);
    expect(res.body.weather).toBeNull();
    use(server(), null);
    expect((await checkIn(server(), w, w.people.leader)).weather).toBeNull();
    expect(seen.length).toBe(before);
  });
});

describe('weather failures in the server log', () => {
  it('name the service by its origin only, never the key in its URL', async () => {
    const lines: unknown[] = [];
    const log = { warn: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
    for (const answer of ['error', 'garbage', 'slow']) {
      const url = `http://127.0.0.1:${port}/${answer}?latitude={lat}&longitude={lng}&apikey=s3cret-key`;
      expect(await weatherAt({ url, timeoutMs: 300 }, log, 30.1, -97.7)).toBeNull();
    }
    expect(lines).toHaveLength(3);
    expect(JSON.stringify(lines)).toContain(`http://127.0.0.1:${port}`);
    expect(JSON.stringify(lines)).not.toContain('s3cret-key');
  });
});
