import type { Page } from 'playwright-core';
import { PLAN_SHEET_RESOURCE, TAKEOFF_MESSAGES, type LayerItem, type Point } from '../../resources/plan-takeoff.js';
import { liveChannel } from '../../resources/realtime.js';
import { addMember } from '../api/harness.js';
import { callAs } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';
import { drawAt, paintedAt, pickItem, planWorld, sheetOnScreen } from './plan-editor-page.js';

/**
 * The live events the server sends a page, held back while `hold` is on and delivered on `release`,
 * so that the page's copy of a sheet is stale for as long as a test needs. Engine.io's pings still
 * pass, so the socket stays connected. Set up before the page opens its socket.
 */
async function holdableEvents(page: Page) {
  let held: string[] | null = null;
  let deliver: (message: string) => void = () => undefined;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    deliver = (message) => ws.send(message);
    server.onMessage((message) => {
      // Socket.io sends an event as "42[name, payload]".
      if (held && typeof message === 'string' && message.startsWith('42')) held.push(message);
      else ws.send(message);
    });
  });
  return {
    hold: () => (held = []),
    heldFor: (channel: string) => (held ?? []).filter((m) => m.includes(channel)).length,
    release: () => {
      const messages = held ?? [];
      held = null;
      messages.forEach(deliver);
    },
  };
}

/** The lines the editor's canvas draws for the sheet's drawings (its first layer; built marks are dashed), in PDF points. */
const linesOnSheet = (page: Page) =>
  page.evaluate(() => {
    type KonvaLine = { dash: () => number[] | undefined; points: () => number[] };
    type KonvaStage = { container: () => HTMLElement; getLayers: () => Array<{ find: (selector: string) => KonvaLine[] }> };
    const stages = (window as unknown as { Konva: { stages: KonvaStage[] } }).Konva.stages;
    const stage = stages.find((s) => s.container().closest('[data-testid="sheet-viewport"]'))!;
    return stage.getLayers()[0]!.find('Line').filter((l) => !l.dash()?.length).map((l) => l.points());
  });

const flat = (points: Point[]) => points.flatMap((p) => p);

/** Drags a drawing by (dx, dy) screen px from a point on it (PDF points), as a mouse does. */
async function drag(page: Page, at: Point, dx: number, dy: number) {
  const { left, top, zoom } = await sheetOnScreen(page);
  const [x, y] = [left + at[0] * zoom, top + at[1] * zoom];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

/** Clicks a drawing (a point on it, in PDF points) with the select tool. */
async function select(page: Page, at: Point) {
  const { left, top, zoom } = await sheetOnScreen(page);
  await page.mouse.click(left + at[0] * zoom, top + at[1] * zoom);
}

const middle = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

for (const database of browserDatabases(import.meta.url)) {
  describe(`two people on one plan sheet [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('each sees the other draw and move live; a change made on a stale copy is refused and shows the current drawing, never a second one', async () => {
      const { server, base, browser } = app;
      const tag = `${database.name}-plan-live`;
      const w = await planWorld(server, 1);
      const pm = await addMember(server, w.owner.companyId, 'ProjectManager');
      // The sheet is calibrated beforehand (100 pt = 10 ft): measuring is not what this test is about.
      const scaled = await callAs(server, w.owner, 'PUT', `/layerItems/${w.fileId}/scale`, { pageNumber: 1, reference: [[100, 100], [200, 100]], distance: '10', unit: 'ft' });
      expect(scaled.status).toBe(200);
      const drawings = async () => (await callAs(server, w.owner, 'GET', `/layerItems/${w.fileId}?pageNumber=1`)).body.items as LayerItem[];
      const editor = `${base}/app/editor?fileId=${w.fileId}&returnTo=${encodeURIComponent(`/projects/${w.projectId}/files`)}`;

      // The owner (A) and the project manager (B) open the same page at two desks.
      const contextA = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const contextB = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const a = await contextA.newPage();
      const b = await contextB.newPage();
      const eventsOfB = await holdableEvents(b);
      await loginAs(a, base, w.ownerLogin.email, w.ownerLogin.password);
      await loginAs(b, base, pm.email, pm.password);
      await Promise.all([a.goto(editor), b.goto(editor)]);
      await Promise.all([paintedAt(a), paintedAt(b)]);
      const legendOf = (page: Page) => page.getByRole('table', { name: 'Planned and built' });
      const plannedConduit = (page: Page) => legendOf(page).getByRole('row', { name: /Conduit/ }).getByRole('cell').nth(1).innerText();

      // 1. A draws a line for the conduit; B sees it and its quantity without reloading.
      await pickItem(a, 'Conduit');
      await drawAt(a, [[100, 100], [300, 100]]);
      await legendOf(a).getByRole('row', { name: /Conduit/ }).waitFor();
      const [drawn] = await drawings();
      expect(drawn!.version).toBe(1);
      await legendOf(b).getByRole('row', { name: /Conduit/ }).waitFor({ timeout: 10_000 });
      expect((await plannedConduit(b)).trim()).toBe(`${drawn!.quantity} LF`);
      await expect.poll(() => linesOnSheet(b)).toEqual([flat(drawn!.geometry.points)]);
      await snap(b, `${tag}-01-b-sees-a-line`);

      // 2. B moves it down; A sees it move without reloading.
      await select(b, middle(drawn!.geometry.points[0]!, drawn!.geometry.points[1]!));
      await drag(b, middle(drawn!.geometry.points[0]!, drawn!.geometry.points[1]!), 0, 60);
      await expect.poll(async () => (await drawings())[0]!.version).toBe(2);
      const movedByB = (await drawings())[0]!;
      expect(movedByB.geometry.points[0]![1]).toBeGreaterThan(drawn!.geometry.points[0]![1] + 100);
      await expect.poll(() => linesOnSheet(a), { timeout: 10_000 }).toEqual([flat(movedByB.geometry.points)]);
      await snap(a, `${tag}-02-a-sees-b-move`);

      // 3. B's live events are held back, so B's copy goes stale when A moves the line further down.
      eventsOfB.hold();
      const onB = middle(movedByB.geometry.points[0]!, movedByB.geometry.points[1]!);
      await a.keyboard.press('v');
      await select(a, onB);
      await drag(a, onB, 0, 60);
      await expect.poll(async () => (await drawings())[0]!.version).toBe(3);
      const movedByA = (await drawings())[0]!;
      await expect.poll(() => eventsOfB.heldFor(liveChannel(PLAN_SHEET_RESOURCE)), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await linesOnSheet(b)).toEqual([flat(movedByB.geometry.points)]);

      // B, still selected on the line where it was, drags it to the right: the server refuses the
      // stale version, B is told, and B's sheet shows the line where A put it.
      const conflict = b.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/item/${w.fileId}/4`));
      await drag(b, onB, 80, 0);
      expect((await conflict).status()).toBe(409);
      await b.getByRole('alert').filter({ hasText: TAKEOFF_MESSAGES.version }).waitFor();
      await expect.poll(() => linesOnSheet(b)).toEqual([flat(movedByA.geometry.points)]);
      await snap(b, `${tag}-03-b-conflict`);

      // Still one drawing, A's; and once B's held events arrive, both sheets agree.
      const after = await drawings();
      expect(after.map((d) => [d.id, d.version])).toEqual([[drawn!.id, 3]]);
      expect(after[0]!.geometry).toEqual(movedByA.geometry);
      eventsOfB.release();
      for (const page of [a, b]) {
        await expect.poll(() => linesOnSheet(page)).toEqual([flat(movedByA.geometry.points)]);
        expect(await legendOf(page).getByRole('row', { name: /Conduit/ }).count()).toBe(1);
      }

      await Promise.all([contextA.close(), contextB.close()]);
    });
  });
}
