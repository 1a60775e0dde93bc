import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ownerWithCompany } from '../api/harness.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';
import { encodePng } from './png.js';

/*
 * The real Konva drawing in Chromium. The file calls (GET /filesNew/secured/{id}, PATCH /filesNew/{id})
 * are answered by the page's route handlers, so this proves the editor and what it sends; the file
 * manager's own tests prove the server side.
 */

const WIDTH = 1600;
const HEIGHT = 1000;
/** Review copies of the screenshots, besides the test artifacts. */
const SHOTS = process.env.IMAGE_EDITOR_SHOTS;

/** A PNG that reads as a photo: sky above, asphalt below, a kerb between. */
function photoPng(): Buffer {
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    const t = y / HEIGHT;
    const [r, g, b] = t < 0.35 ? [150 + 80 * t, 190 + 60 * t, 235] : t < 0.4 ? [200, 200, 195] : [70 + 20 * t, 72 + 20 * t, 75 + 20 * t];
    return [r, g, b].map((v) => Math.round(v + ((x * 7 + y * 13) % 11) - 5)) as [number, number, number];
  });
}

const fileView = {
  id: 42,
  companyId: 1,
  folderId: 5,
  name: 'Driveway crack',
  filename: 'driveway.png',
  contentType: 'image/png',
  length: 1,
  uploadDate: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  uploadedBy: null,
  previousVersions: 0,
  url: '/api/v1/test-only/driveway.png',
  downloadUrl: '/api/v1/test-only/driveway.png?download=1',
  permissions: [],
  inheritedFrom: null,
  canManage: true,
};

/** Answers the file calls; returns the bodies of the PATCHes it received. */
async function serveFile(context: BrowserContext) {
  const patches: Array<{ contentType: string; body: Buffer }> = [];
  const png = photoPng();
  await context.route('**/api/v1/test-only/driveway.png*', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
  await context.route('**/api/v1/filesNew/secured/42', (route) => route.fulfill({ json: fileView }));
  await context.route('**/api/v1/filesNew/42', (route) => {
    patches.push({ contentType: route.request().headers()['content-type'] ?? '', body: route.request().postDataBuffer() ?? Buffer.alloc(0) });
    return route.fulfill({ json: { ...fileView, previousVersions: 1 } });
  });
  return patches;
}

/** The image part of a multipart body, by field name. */
function filePart(body: Buffer, contentType: string, field: string) {
  const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
  const parts = body.toString('latin1').split(`--${boundary}`);
  const part = parts.find((p) => p.includes(`name="${field}"`))!;
  const [head, ...rest] = part.split('\r\n\r\n');
  return { head: head!, bytes: Buffer.from(rest.join('\r\n\r\n').replace(/\r\n$/, ''), 'latin1') };
}

async function drag(page: Page, from: [number, number], to: [number, number]) {
  await page.mouse.move(...from);
  await page.mouse.down();
  await page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2 + 20, { steps: 6 });
  await page.mouse.move(...to, { steps: 6 });
  await page.mouse.up();
}

/** Draws on the surface at points given as fractions of its size; returns the surface's box. */
async function drawSome(page: Page, name: string) {
  const surface = page.getByTestId('drawing-surface');
  await surface.waitFor();
  const box = (await surface.boundingBox())!;
  const at = (fx: number, fy: number): [number, number] => [box.x + box.width * fx, box.y + box.height * fy];
  await drag(page, at(0.1, 0.6), at(0.45, 0.75));
  await page.getByRole('button', { name: 'Big' }).click();
  await page.getByLabel('Colour').fill('#e53935');
  await page.getByRole('button', { name: 'Line' }).click();
  await drag(page, at(0.55, 0.5), at(0.9, 0.85));
  await page.getByRole('button', { name: 'Medium' }).click();
  await page.getByRole('button', { name: 'Text' }).click();
  await page.mouse.click(...at(0.12, 0.45));
  await page.getByLabel('Text to place').fill('Crack here');
  await shot(page, `${name}-typing`);
  await page.getByLabel('Text to place').press('Enter');
  return { box, at };
}

async function shot(page: Page, name: string) {
  await snap(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  }
}

// The editor does not touch the database: one pass is enough.
for (const database of browserDatabases(import.meta.url)) {
  describe(`image editor [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('draws with pen, line and text, undoes and redoes, and saves the picture at its own size', async () => {
      const { server, base, browser } = app;
      const owner = await ownerWithCompany(server);
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const patches = await serveFile(context);
      const page = await context.newPage();
      await loginAs(page, base, owner.email, owner.password);
      await page.goto(`${base}/app/image-editor/42`);
      const { box, at } = await drawSome(page, 'image-editor-desktop');
      // Fitted: the whole picture shows, in proportion, below the toolbar.
      expect(box.y).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThanOrEqual(900);
      expect(box.x + box.width).toBeLessThanOrEqual(1366);
      expect(box.width / box.height).toBeCloseTo(WIDTH / HEIGHT, 1);
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.keyboard.press('Control+Shift+Z');
      await page.mouse.move(box.x + box.width - 5, box.y + box.height - 5);
      await shot(page, 'image-editor-desktop');

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('File updated successfully').first().waitFor();
      await page.waitForURL((url) => !url.pathname.includes('image-editor'));
      expect(patches).toHaveLength(1);
      const { head, bytes } = filePart(patches[0]!.body, patches[0]!.contentType, 'img');
      expect(head).toContain('filename="driveway.png"');
      expect(head).toContain('Content-Type: image/png');
      // PNG header: the saved picture has the original's pixel size, whatever the zoom on screen.
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([WIDTH, HEIGHT]);

      // The pen stroke's start and the red line's middle are in the saved pixels, where they were drawn.
      const toImage = ([x, y]: [number, number]) => [Math.round(((x - box.x) / box.width) * WIDTH), Math.round(((y - box.y) / box.height) * HEIGHT)];
      const probes = [toImage(at(0.1, 0.6)), toImage(at(0.725, 0.675))];
      const colours = await page.evaluate(
        async ({ b64, probes }) => {
          const img = new Image();
          img.src = `data:image/png;base64,${b64}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          return probes.map(([x, y]) => [...ctx.getImageData(x!, y!, 1, 1).data.slice(0, 3)]);
        },
        { b64: bytes.toString('base64'), probes },
      );
      expect(colours[0]).toEqual([0, 0, 255]);
      expect(colours[1]).toEqual([0xe5, 0x39, 0x35]);
      await context.close();
    });

    it('fits a phone screen, draws with a finger, and discards on Cancel', async () => {
      const { server, base, browser } = app;
      const owner = await ownerWithCompany(server);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
      await serveFile(context);
      const page = await context.newPage();
      await loginAs(page, base, owner.email, owner.password);
      await page.goto(`${base}/app/image-editor/42`);
      const surface = page.getByTestId('drawing-surface');
      await surface.waitFor();
      const box = (await surface.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // A finger, as Chromium's touch input: it raises touch pointer events.
      const touch = await context.newCDPSession(page);
      const point = (fx: number, fy: number) => [{ x: box.x + box.width * fx, y: box.y + box.height * fy }];
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0.2, 0.3) });
      for (let i = 1; i <= 10; i++) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(0.2 + i * 0.05, 0.3 + Math.sin(i / 2) * 0.2) });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.getByRole('button', { name: 'Undo' }).waitFor();
      expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
      await drawSome(page, 'image-editor-phone');
      await shot(page, 'image-editor-phone');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog', { name: 'Discard your drawing?' }).getByRole('button', { name: 'Discard' }).click();
      await page.waitForURL((url) => !url.pathname.includes('image-editor'));
      await context.close();
    });
  });
}
