import type { Page } from 'playwright-core';
import { addMember, ownerWithCompany } from '../api/harness.js';
import { callAs, sideOf } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

const SITE = { latitude: 30.2672, longitude: -97.7431 };
// A real JPEG of 2400 × 1800 px, larger than the phone keeps (1600 px on the long side).
const CAMERA_PHOTO = async (page: Page) =>
  Buffer.from(
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 2400;
      canvas.height = 1800;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#7a6a55';
      g.fillRect(0, 0, 2400, 1800);
      g.fillStyle = '#222';
      for (let i = 0; i < 60; i++) g.fillRect(i * 40, (i * 97) % 1800, 30, 30);
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/jpeg', 0.95));
      return [...new Uint8Array(await blob.arrayBuffer())];
    }),
  );

/** A JPEG's width and height, from its start-of-frame segment. */
function jpegSize(bytes: Buffer): [number, number] {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes.readUInt16BE(at);
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    at += 2 + length;
  }
  throw new Error('not a JPEG with a frame');
}

/** Nothing scrolls sideways, and every control a thumb may aim at is 48 px or more each way (a field's height, for text fields). */
async function fitsThePhone(page: Page, screen: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
  const small = await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], select, input:not([type=hidden]):not([type=file]), textarea, [role=button], [role=combobox], [role=tab]');
    return [...controls]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => {
        // A text field's target is its whole box, not the bare input inside it.
        const box = (el.closest('.MuiInputBase-root') ?? el).getBoundingClientRect();
        const text = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        const isField = el.matches('input, textarea, select, [role=combobox]');
        return { text, width: Math.round(box.width), height: Math.round(box.height), small: box.height < 47.5 || (!isField && box.width < 47.5) };
      })
      .filter((c) => c.small);
  });
  expect(small, `${screen}: targets under 48 px`).toEqual([]);
}

for (const database of browserDatabases(import.meta.url)) {
  describe(`the phone client through a bad connection [${database.name}]`, () => {
    let app: BrowserApp;
    beforeAll(async () => {
      app = await startBrowserApp(database);
    });
    afterAll(() => app?.stop());

    it('a crew leader lands on the phone client, records a production with a photo offline, and it is submitted once when the phone is back online', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const owner = sideOf(await ownerWithCompany(server, 'Lone Star Paving'));
      const leader = await addMember(server, owner.companyId, 'CrewLeader');
      const membership = await server.services.db.selectFrom('memberships').select('id').where('user_id', '=', leader.user.id).where('company_id', '=', owner.companyId).executeTakeFirstOrThrow();
      const crew = await callAs(server, owner, 'POST', '/crews', { name: 'North crew', leaders: [membership.id], members: [] });
      expect(crew.status).toBe(201);
      const project = await callAs(server, owner, 'POST', `/companies/${owner.companyId}/projects`, { projectName: 'Elm Street Resurfacing', code: 'ELM-26', lat: SITE.latitude, lng: SITE.longitude });
      expect(project.status).toBe(201);
      const { id: projectId, budgetId } = project.body;
      for (const [name, code, unit, price] of [
        ['Asphalt Overlay', 'AO-1', 'TON', '92.50'],
        ['Curb And Gutter', 'CG-2', 'LF', '31.00'],
        ['Striping', 'ST-3', 'LF', '1.25'],
      ]) {
        const item = await callAs(server, owner, 'POST', '/items', { name, code, unit });
        expect((await callAs(server, owner, 'POST', `/projects/${projectId}/budgets/${budgetId}/items`, { itemId: item.body.id, quantity: 1000, price })).status).toBe(201);
      }

      const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, geolocation: SITE, permissions: ['geolocation'] });
      let field = await phone.newPage();
      await loginAs(field, base, leader.email, leader.password, (url) => url.pathname.startsWith('/app-mobile/'));
      await field.waitForURL(/\/app-mobile\/projects-list$/);
      await field.getByText('Elm Street Resurfacing').first().waitFor();
      await snap(field, `${tag}-mobile-01-projects`);
      await fitsThePhone(field, 'projects-list');
      // The worker keeps the client, and the phone the day's data, for a site without signal.
      await field.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await field.locator('main[data-kept-offline="yes"]').waitFor();

      // The day's production: three items and a photo, with no connection; every tap counted.
      let taps = 0;
      const tap = async (target: ReturnType<Page['getByRole']>) => {
        taps++;
        await target.tap();
      };
      await tap(field.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Production' }));
      await field.waitForURL(/\/app-mobile\/productions$/);
      await phone.setOffline(true);
      await tap(field.getByRole('link', { name: 'Record production' }));
      await field.getByRole('combobox', { name: /Project/ }).filter({ hasText: 'Elm Street Resurfacing' }).waitFor();
      await field.getByRole('combobox', { name: /Crew/ }).filter({ hasText: 'North crew' }).waitFor();
      for (const [name, quantity] of [
        ['Asphalt Overlay', '12.5'],
        ['Curb And Gutter', '140'],
        ['Striping', '600'],
      ]) {
        const box = field.getByLabel(`Quantity of ${name}`);
        await tap(box);
        await box.fill(quantity);
      }
      const photo = await CAMERA_PHOTO(field);
      // "Add photo", the camera's shutter and its "Use photo": three taps, two of them outside the page.
      taps += 3;
      await field.getByLabel('Add photo of Curb And Gutter').setInputFiles({ name: 'IMG_0412.JPG', mimeType: 'image/jpeg', buffer: photo });
      await field.getByRole('button', { name: /^Remove IMG_0412/ }).waitFor();
      await fitsThePhone(field, 'record production');
      await snap(field, `${tag}-mobile-02-record-offline`);
      await tap(field.getByRole('button', { name: 'Save and submit' }));
      expect(taps, 'taps for a day of three items and a photo').toBeLessThanOrEqual(12);

      await field.waitForURL(/\/app-mobile\/productions$/);
      await field.getByRole('list', { name: 'Waiting to send' }).waitFor();
      const waitingTab = field.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Waiting: \d+$/ });
      await waitingTab.waitFor();
      await snap(field, `${tag}-mobile-03-waiting-offline`);
      const stored = () => server.services.db.selectFrom('productions').select(['id', 'status']).where('project_id', '=', projectId).execute();
      expect(await stored()).toEqual([]);
      await tap(waitingTab);
      await field.getByRole('heading', { level: 1, name: 'Waiting to send' }).waitFor();
      await fitsThePhone(field, 'waiting');

      // Without signal the app still opens, from what the worker and the phone kept.
      await field.reload();
      await field.getByRole('heading', { level: 1, name: 'Waiting to send' }).waitFor();
      await field.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).tap();
      await field.getByText('Elm Street Resurfacing').first().waitFor();
      await field.getByText(/Offline: as of/).first().waitFor();

      // The page closes; later the phone is back online and the app is opened again.
      await field.close();
      await phone.setOffline(false);
      field = await phone.newPage();
      await field.goto(`${base}/app-mobile/productions`);
      await expect.poll(async () => (await stored()).map((p) => p.status), { timeout: 30_000 }).toEqual(['submitted']);
      const card = field.getByRole('listitem', { name: /^North crew, / });
      await card.getByText('Submitted').waitFor();
      await field.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Waiting' }).waitFor();
      const [production] = await stored();
      const items = await server.services.db.selectFrom('production_items').select(['id', 'quantity_e3']).where('production_id', '=', production.id).execute();
      expect(items.map((i) => Number(i.quantity_e3) / 1000).sort((a, b) => a - b)).toEqual([12.5, 140, 600]);
      // The photo went once, as the phone made it: 1600 px on its long side, not the camera's 2400.
      const photos = await callAs(server, { ...owner, token: leader.token }, 'GET', `/production/${production.id}/photos`);
      expect(photos.status).toBe(200);
      expect(photos.body).toHaveLength(1);
      const bytes = Buffer.from(await (await fetch(`${base}${photos.body[0].url}`)).arrayBuffer());
      expect(bytes.readUInt8(0)).toBe(0xff);
      const size = jpegSize(bytes);
      expect(size).toEqual([1600, 1200]);
      // Sent exactly once, however often the app started and flushed.
      await field.reload();
      await card.getByText('Submitted').waitFor();
      expect(await stored()).toHaveLength(1);
      await snap(field, `${tag}-mobile-04-submitted`);
      await phone.close();
    });

    it('a crew leader reports a damage with a photo from the project board without signal, and it reaches the claims staff once, photo included', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const owner = sideOf(await ownerWithCompany(server, 'Cedar Utilities'));
      const leader = await addMember(server, owner.companyId, 'CrewLeader');
      const project = await callAs(server, owner, 'POST', `/companies/${owner.companyId}/projects`, { projectName: 'Cedar Lane Water Main', code: 'CLW-3', lat: SITE.latitude, lng: SITE.longitude });
      expect(project.status).toBe(201);
      const projectId: number = project.body.id;

      const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, geolocation: SITE, permissions: ['geolocation'] });
      const field = await phone.newPage();
      await loginAs(field, base, leader.email, leader.password, (url) => url.pathname.startsWith('/app-mobile/'));
      await field.getByText('Cedar Lane Water Main').first().tap();
      await field.waitForURL(new RegExp(`/app-mobile/project-board/${projectId}$`));
      await field.locator('main[data-kept-offline="yes"]').waitFor();
      await field.getByRole('link', { name: 'Report damage' }).tap();
      await field.getByRole('combobox', { name: /Project/ }).filter({ hasText: 'Cedar Lane Water Main' }).waitFor();

      await phone.setOffline(true);
      await field.getByLabel('What was damaged').fill('Gas service line nicked by the excavator at the second valve; area fenced');
      const photo = await CAMERA_PHOTO(field);
      await field.locator('input[type=file]').setInputFiles({ name: 'IMG_0513.JPG', mimeType: 'image/jpeg', buffer: photo });
      await field.getByRole('list', { name: 'Photos to send' }).getByText('IMG_0513.JPG').waitFor();
      await fitsThePhone(field, 'report damage');
      await field.getByRole('button', { name: 'Report damage' }).tap();
      await field.getByRole('status').getByText('Saved: waiting to send (with 1 photo)').waitFor();
      await snap(field, `${tag}-mobile-05-damage-offline`);
      const reported = () => server.services.db.selectFrom('damages').select(['id', 'status', 'description']).where('project_id', '=', projectId).execute();
      expect(await reported()).toEqual([]);

      await phone.setOffline(false);
      await field.getByRole('status').getByText('Damage Created').waitFor({ timeout: 30_000 });
      await expect.poll(async () => (await reported()).length).toBe(1);
      const [damage] = await reported();
      expect(damage).toMatchObject({ status: 'reported', description: 'Gas service line nicked by the excavator at the second valve; area fenced' });
      // The claims side sees the damage with the photo as the phone made it, stored once.
      await expect.poll(async () => (await callAs(server, owner, 'GET', `/damages/${damage!.id}/files`)).body.length, { timeout: 30_000 }).toBe(1);
      const files = await callAs(server, owner, 'GET', `/damages/${damage!.id}/files`);
      const bytes = Buffer.from(await (await fetch(`${base}${files.body[0].url}`)).arrayBuffer());
      expect(jpegSize(bytes)).toEqual([1600, 1200]);
      await snap(field, `${tag}-mobile-06-damage-sent`);
      await phone.close();
    });
  });
}
