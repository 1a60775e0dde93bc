// Issue 21's phone client: the JavaScript its first screen needs (gzip, from the build's chunk graph),
// and its first contentful paint in Chromium on slow 4G with the CPU slowed 4×, from a cold phone
// (nothing cached) and from a warm one (the service worker holds the client), reported apart.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';
import { ROOT, type RunningServer } from './server.js';
import { median } from './measure.js';

const CLIENT = path.join(ROOT, 'dist', 'client');
const FIRST_SCREEN = 'src/mobile/screens/projects/ProjectsListScreen.tsx';
// Lighthouse's slow 4G as DevTools applies it: 150 ms RTT × 3.75, 1.6 Mbps down and 750 kbps up × 0.9.
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const CPU_SLOWDOWN = 4;
const RUNS = 3;

type ViteManifest = Record<string, { file: string; imports?: string[] }>;

export interface MobileClientRun {
  firstScreenJs: { kbGzip: number; files: Array<{ file: string; kbGzip: number }> };
  firstContentfulPaintMs: { cold: number[]; warm: number[]; coldMedian: number; warmMedian: number };
  /** From navigation to the list of projects on screen, cold. */
  projectsShownMs: { cold: number[]; coldMedian: number };
  network: string;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The chunks loaded before the first screen paints: the entry's static imports and the first screen's. */
export function firstScreenJs(manifest: ViteManifest): MobileClientRun['firstScreenJs'] {
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(walk);
  };
  walk('mobile.html');
  walk(FIRST_SCREEN);
  const sizes = [...files].filter((f) => f.endsWith('.js')).map((file) => ({ file, kbGzip: kb(gzipSync(readFileSync(path.join(CLIENT, file))).length) }));
  return { kbGzip: Math.round(sizes.reduce((s, f) => s + f.kbGzip, 0) * 10) / 10, files: sizes.sort((a, b) => b.kbGzip - a.kbGzip) };
}

async function signedInCrew(baseUrl: string) {
  const post = async (url: string, body: unknown, token?: string, companyId?: number) => {
    const res = await fetch(`${baseUrl}/api/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(companyId ? { 'x-company-id': String(companyId) } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return res.json();
  };
  const stamp = Date.now().toString(36);
  const { token } = await post('/users', { name: 'Mobile Bench', phone: '+1 555 010 0000', email: `mobile.${stamp}@example.com`, password: 'bench-password-1' });
  const company = await post(
    '/companies',
    { name: `Field Bench ${stamp}`, ein: '12-3456789', address: '1 Main Street', country: 'US', state: 'TX', city: 'Austin', zip: '78701', contactName: 'Bench', contactPhone: '+1 512 555 0100', contactEmail: `office.${stamp}@bench.example` },
    token,
  );
  for (let i = 1; i <= 25; i++) await post(`/companies/${company.id}/projects`, { projectName: `Elm Street Resurfacing ${i}`, code: `ELM-${i}` }, token, company.id);
  return { token: token as string, companyId: company.id as number };
}

async function throttled(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 120_000 });
  await page.getByText(/Elm Street Resurfacing/).first().waitFor({ timeout: 120_000 });
  const shown = Date.now() - started;
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
  const html = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseEnd ?? -1);
  if (process.env.BENCH_DEBUG) process.stdout.write(`    page arrived at ${Math.round(html)} ms, first paint ${Math.round(fcp)} ms\n`);
  return { page, fcp: Math.round(fcp), shown };
}

/** The numbers are the build's: build it when missing or older than its sources, as npm start does, before the server reads it. */
export function buildClient() {
  execFileSync(process.execPath, ['scripts/build-if-missing.mjs'], { cwd: ROOT, stdio: 'inherit' });
}

export async function benchMobileClient(server: RunningServer, log: (line: string) => void): Promise<MobileClientRun> {
  const js = firstScreenJs(JSON.parse(readFileSync(path.join(CLIENT, '.vite', 'manifest.json'), 'utf8')));
  log(`  mobile first screen: ${js.kbGzip} KB of JavaScript gzip in ${js.files.length} files`);
  const { token, companyId } = await signedInCrew(server.baseUrl);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const url = `${server.baseUrl}/app-mobile/projects-list`;
  const cold: number[] = [];
  const warm: number[] = [];
  const shown: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
      await context.addInitScript(
        ([t, c]) => {
          localStorage.setItem('fieldwork.accessToken', t as string);
          sessionStorage.setItem('fieldwork.companyId', String(c));
        },
        [token, companyId],
      );
      const first = await throttled(context, url);
      cold.push(first.fcp);
      shown.push(first.shown);
      // The worker installs and keeps the client; the next open is what a crew sees every morning.
      await first.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await first.page.close();
      const again = await throttled(context, url);
      warm.push(again.fcp);
      await context.close();
      log(`  mobile run ${run + 1}: first contentful paint ${first.fcp} ms cold, ${again.fcp} ms warm; projects on screen after ${first.shown} ms cold`);
    }
  } finally {
    await browser.close();
  }
  return {
    firstScreenJs: js,
    firstContentfulPaintMs: { cold, warm, coldMedian: median(cold), warmMedian: median(warm) },
    projectsShownMs: { cold: shown, coldMedian: median(shown) },
    network: `slow 4G (${SLOW_4G.latency} ms latency, ${kb(SLOW_4G.downloadThroughput * 8)} kbit/s down) and CPU ${CPU_SLOWDOWN}× slower, 375 × 812`,
  };
}
