import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './harness';

// Static serving touches no database: SQLite only.
describe('the two clients of one build: the desktop under /app, the phone client under /app-mobile', () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-client-'));
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    mkdirSync(path.join(clientDir, 'assets'));
    mkdirSync(path.join(clientDir, '.vite'));
    writeFileSync(path.join(clientDir, 'index.html'), '<html><body>desktop</body></html>');
    writeFileSync(path.join(clientDir, 'mobile.html'), '<html><body>phone</body></html>');
    for (const f of ['main-a.js', 'mobile-b.js', 'shared-c.js', 'screen-d.js', 'screen-d.css', 'desk-e.js']) writeFileSync(path.join(clientDir, 'assets', f), f);
    writeFileSync(
      path.join(clientDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/main-a.js', imports: ['_shared'], dynamicImports: ['src/Desk.tsx'] },
        'mobile.html': { file: 'assets/mobile-b.js', imports: ['_shared'], dynamicImports: ['src/mobile/Screen.tsx'] },
        _shared: { file: 'assets/shared-c.js' },
        'src/mobile/Screen.tsx': { file: 'assets/screen-d.js', css: ['assets/screen-d.css'], imports: ['_shared'] },
        'src/Desk.tsx': { file: 'assets/desk-e.js' },
      }),
    );
    server = await startTestServer(null, { clientDir });
  });

  afterAll(async () => {
    await server.stop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('answers every page under /app-mobile with the phone client and every page under /app with the desktop', async () => {
    expect((await get('/app-mobile/project-board/12')).body).toContain('phone');
    expect((await get('/app-mobile/')).body).toContain('phone');
    expect((await get('/app/projects')).body).toContain('desktop');
    expect((await get('/app-mobile/assets/missing.js')).statusCode).toBe(404);
  });

  it('gives the phone an installable manifest scoped to /app-mobile', async () => {
    const res = await get('/app-mobile/manifest.webmanifest');
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json();
    expect([manifest.start_url, manifest.scope, manifest.display]).toEqual(['/app-mobile/', '/app-mobile/', 'standalone']);
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
  });

  it('serves a service worker that keeps the phone client and its screens for offline use, and none of the desktop', async () => {
    const res = await get('/app-mobile/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    const files = JSON.parse(/const FILES = (\[.*\]);/.exec(res.body)![1]) as string[];
    expect(files).toEqual(expect.arrayContaining(['/app/assets/mobile-b.js', '/app/assets/shared-c.js', '/app/assets/screen-d.js', '/app/assets/screen-d.css']));
    expect(files).not.toContain('/app/assets/main-a.js');
    expect(files).not.toContain('/app/assets/desk-e.js');
    for (const file of files.filter((f) => f.startsWith('/app/assets/'))) expect((await get(file)).statusCode).toBe(200);
  });
});
