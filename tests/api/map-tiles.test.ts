import { DEFAULT_MAP_TILE_URL } from '../../server/config.js';
import { describeEachDatabase } from './harness.js';

const imgSrc = (csp: unknown) => /img-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? [];

describeEachDatabase('map tiles by default', (server) => {
  it("tells clients OpenStreetMap's template and lets pages load its tiles", async () => {
    const res = await server().call('GET', '/api/v1/health');
    expect(res.body.mapTileUrl).toBe(DEFAULT_MAP_TILE_URL);
    expect(imgSrc(res.headers['content-security-policy'])).toContain('https://tile.openstreetmap.org');
  });
});

describeEachDatabase(
  'map tiles from MAP_TILE_URL',
  (server) => {
    it('tells clients the configured template and allows only its origin, a {s} subdomain as a wildcard', async () => {
      const res = await server().call('GET', '/api/v1/health');
      expect(res.body.mapTileUrl).toBe('https://{s}.tiles.example.com/base/{z}/{x}/{y}.png');
      const sources = imgSrc(res.headers['content-security-policy']);
      expect(sources).toContain('https://*.tiles.example.com');
      expect(sources).not.toContain('https://tile.openstreetmap.org');
    });
  },
  { mapTileUrl: 'https://{s}.tiles.example.com/base/{z}/{x}/{y}.png' },
);
