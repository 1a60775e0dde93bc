import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Download, Locator, Page, Request } from 'playwright-core';
import type { Config } from '../../server/config.js';
import { DATABASES, startTestServer } from '../api/harness.js';
import { CHROMIUM, launchChromium } from './chromium.js';

export const SCREENSHOTS = path.resolve('test-results/e2e');

/**
 * Why the browser tests cannot run here, or null. They are never skipped: without Chromium or a built
 * client every browser suite fails at its start with this reason (`npm test` builds the client first).
 */
function missingForBrowser(): string | null {
  if (!existsSync(CHROMIUM)) return `Chromium not found at ${CHROMIUM} (install it with apt-get install chromium, or set CHROMIUM_PATH)`;
  if (!existsSync(path.resolve('dist/client/index.html'))) return 'the client is not built (dist/client/index.html is missing: run npx vite build)';
  return null;
}

/**
 * The databases a browser test file runs on. Every API test runs on both; a browser test drives the
 * client through the same server code, so each file runs on one of them, alternating in file order
 * (half the files on each), which halves the slowest step of CI. E2E_ALL_DATABASES=true runs every
 * file on both.
 */
export function browserDatabases(fileUrl: string): typeof DATABASES {
  if (DATABASES.length < 2 || /^(1|true|yes)$/i.test(process.env.E2E_ALL_DATABASES ?? '')) return DATABASES;
  const file = fileURLToPath(fileUrl);
  const files = readdirSync(path.dirname(file))
    .filter((f) => f.endsWith('.test.ts'))
    .sort();
  const index = Math.max(0, files.indexOf(path.basename(file)));
  return [DATABASES[index % DATABASES.length]!];
}

/** A downloaded file's local path: the shared Chromium is remote, so its downloads are copied here. */
export async function savedCopy(download: Download): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fieldwork-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** Screenshots are kept as test artifacts under test-results/e2e/. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export interface BrowserApp {
  server: Awaited<ReturnType<typeof startTestServer>>;
  /** http://127.0.0.1:<port>, where the built client is served under /app. */
  base: string;
  browser: Browser;
  stop: () => Promise<void>;
}

/** The test server with the built client on a free port, and a Chromium to drive it. */
export async function startBrowserApp(database: (typeof DATABASES)[number], overrides: Partial<Config> = {}): Promise<BrowserApp> {
  const missing = missingForBrowser();
  if (missing) throw new Error(`The browser tests cannot run: ${missing}`);
  const server = await startTestServer(database.url, { clientDir: path.resolve('dist/client'), ...overrides });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // A browser that will not start must not leave the server holding its port and database.
  const browser = await launchChromium().catch(async (err: unknown) => {
    await server.stop();
    throw err;
  });
  const stop = async () => {
    await browser.close();
    await server.stop();
  };
  return { server, base, browser, stop };
}

/** Where a login must land before the test goes on: anywhere but the login page unless told. */
type Landing = string | RegExp | ((url: URL) => boolean);

export async function loginAs(page: Page, base: string, email: string, password: string, landing: Landing = (url) => !url.pathname.endsWith('/login')) {
  await page.goto(`${base}/app/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(landing);
}

export interface CompanyFormValues {
  name: string;
  ein?: string;
  address: string;
  city: string;
  zip: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}

/**
 * Picks an option of the open select or autocomplete and waits for its list to close: a closing menu
 * keeps the focus until its exit transition ends, so text typed at once is lost on a loaded machine.
 */
export async function chooseOption(page: Page, name: string | RegExp) {
  await page.getByRole('option', { name }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/**
 * Drags `source` onto `target` with the mouse until the drop's request goes out. Playwright counts a
 * mouse move as an HTML5 drag only when Chromium's dragstart fires within one setTimeout(0) of it; on a
 * loaded machine it sometimes fires later and the drag silently does nothing, which changes nothing on
 * the page, so another try is safe.
 */
export async function dragUntilSent(page: Page, source: Locator, target: Locator, isDrop: (request: Request) => boolean): Promise<Request> {
  for (let attempt = 1; ; attempt++) {
    const sent = page.waitForRequest(isDrop, { timeout: 5_000 }).catch(() => null);
    await source.dragTo(target);
    const request = await sent;
    if (request) return request;
    if (attempt === 3) throw new Error('three drags and no drop reached the server');
  }
}

/**
 * Fills the shared company form (register, New sub-company) with a Texas address and creates the
 * company. The button stays disabled until every required field holds text: a form drawn again while
 * it was being filled (once seen in CI right after "Create another company") is filled again.
 */
export async function fillCompanyForm(page: Page, values: CompanyFormValues, form: Page | Locator = page) {
  const create = form.getByRole('button', { name: 'CREATE COMPANY' });
  for (let attempt = 1; ; attempt++) {
    await fillCompanyFields(page, values, form);
    await create.waitFor({ state: 'visible' });
    const deadline = Date.now() + 5_000;
    while (!(await create.isEnabled()) && Date.now() < deadline) await page.waitForTimeout(100);
    if ((await create.isEnabled()) || attempt === 2) break;
  }
  await create.click();
}

async function fillCompanyFields(page: Page, values: CompanyFormValues, form: Page | Locator) {
  await form.getByLabel('Company name').fill(values.name);
  if (values.ein) await form.getByLabel('EIN (optional)').fill(values.ein);
  await form.getByLabel('Address').fill(values.address);
  await form.getByLabel('State', { exact: true }).click();
  await chooseOption(page, 'Texas');
  await form.getByLabel('City').fill(values.city);
  await form.getByLabel('Zip').fill(values.zip);
  await form.getByLabel('Contact name').fill(values.contactName);
  await form.getByLabel('Contact phone').fill(values.contactPhone);
  await form.getByLabel('Contact email').fill(values.contactEmail);
}
