import type { Locator, Page } from 'playwright-core';
import { ownerWithCompany } from '../api/harness.js';
import { callAs, sideOf } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, chooseOption, loginAs, snap, startBrowserApp } from './browser.js';

/** Where each widget sits on screen, by widget id: the layout a reload must keep. */
async function placesOf(page: Page): Promise<Record<string, { x: number; y: number; w: number; h: number }>> {
  return page.locator('[data-widget-id]').evaluateAll((els) =>
    Object.fromEntries(
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return [el.getAttribute('data-widget-id'), { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) }];
      }),
    ),
  );
}

/** The places once the grid has measured its width and eased every widget into its cell. */
async function settledPlaces(page: Page) {
  let last = await placesOf(page);
  await expect.poll(async () => {
    const [was, now] = [last, (last = await placesOf(page))];
    return JSON.stringify(now) === JSON.stringify(was);
  }, { interval: 300 }).toBe(true);
  return last;
}

async function addWidget(page: Page, values: { title: string; type: string; source?: string; groupBy?: string; text?: string }) {
  await page.getByRole('button', { name: 'Add widget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add widget' });
  await dialog.getByLabel('Type').click();
  await chooseOption(page, values.type);
  await dialog.getByLabel('Title').fill(values.title);
  if (values.source) {
    await dialog.getByLabel('Source').click();
    await chooseOption(page, values.source);
  }
  if (values.groupBy) {
    await dialog.getByLabel('Group by').click();
    await chooseOption(page, values.groupBy);
  }
  if (values.text) await dialog.getByLabel('Text').fill(values.text);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  const widget = page.getByRole('region', { name: values.title });
  await widget.and(page.locator('[aria-busy="false"]')).waitFor();
  return widget;
}

const kpiOf = (widget: Locator) => widget.getByTestId('kpi-total');

for (const database of browserDatabases(import.meta.url)) {
  describe(`dashboards and public dashboards [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('an owner builds a dashboard of three widgets, moves and resizes them, finds the layout after a reload, publishes it to a guest and revokes it', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const registered = await ownerWithCompany(server, 'Dashboard Paving');
      const owner = sideOf(registered);
      const project = await callAs(server, owner, 'POST', `/companies/${owner.companyId}/projects`, { projectName: 'Elm Street Resurfacing', code: 'ELM-1', timezone: 'America/Chicago' });
      for (const [summary, status] of [['Mill the north lane', 'open'], ['Pave the north lane', 'open'], ['Stripe the crossing', 'progress']])
        expect((await callAs(server, owner, 'POST', `/projects/${project.body.id}/tasks`, { summary, status })).status).toBe(201);

      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await desk.newPage();
      await loginAs(page, base, owner.email, registered.password);
      await page.goto(`${base}/app/dashboard`);
      // A new company's owner starts on the role's default dashboard, not an empty page.
      await page.locator('[data-widget-id]').first().waitFor();
      await snap(page, `${tag}-dashboards-01-default`);

      await page.getByRole('button', { name: 'New dashboard' }).first().click();
      const naming = page.getByRole('dialog', { name: 'New dashboard' });
      await naming.getByLabel('Name').fill('Site progress');
      await naming.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Dashboard created successfully').first().waitFor();
      await page.getByRole('heading', { name: 'Site progress' }).waitFor();

      const open = await addWidget(page, { title: 'Tasks on the board', type: 'KPI number', source: 'Tasks' });
      await expect.poll(() => kpiOf(open).textContent()).toBe('3');
      const byStatus = await addWidget(page, { title: 'Tasks by status', type: 'Bar chart', source: 'Tasks', groupBy: 'Status' });
      await byStatus.getByText('In progress').waitFor();
      const notes = await addWidget(page, { title: 'Crew notes', type: 'Placeholder', text: 'Night work starts Monday.' });
      await notes.getByText('Night work starts Monday.').waitFor();
      await snap(page, `${tag}-dashboards-02-three-widgets`);

      // Drag the notes by their title bar to the top right, then widen the KPI from its corner.
      const before = await placesOf(page);
      const notesId = await notes.locator('xpath=..').getAttribute('data-widget-id');
      const openId = await open.locator('xpath=..').getAttribute('data-widget-id');
      const handle = notes.getByRole('heading', { name: 'Crew notes' });
      const from = (await handle.boundingBox())!;
      const grid = (await page.locator('.react-grid-layout').boundingBox())!;
      await page.mouse.move(from.x + 10, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(grid.x + grid.width - 120, grid.y + 20, { steps: 12 });
      await page.mouse.up();
      const corner = page.locator(`[data-widget-id="${openId}"] .react-resizable-handle-se`);
      const c = (await corner.boundingBox())!;
      await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
      await page.mouse.down();
      await page.mouse.move(c.x + 160, c.y + 60, { steps: 10 });
      await page.mouse.up();
      await expect.poll(async () => {
        const now = await placesOf(page);
        return now[notesId!]!.y !== before[notesId!]!.y && now[openId!]!.w > before[openId!]!.w;
      }).toBe(true);
      // Saved once the move ends: the server holds what the screen shows after a reload.
      const dashboardId = Number(new URL(page.url()).searchParams.get('dashboard'));
      await expect.poll(async () => {
        const saved = (await callAs(server, owner, 'GET', `/dashboard/${dashboardId}`)).body as { widgets: Array<{ id: number; layout: { w: number } }> };
        return saved.widgets.find((w) => String(w.id) === openId)!.layout.w;
      }).toBeGreaterThan(4);
      const savedLayouts = async () => {
        const saved = (await callAs(server, owner, 'GET', `/dashboard/${dashboardId}`)).body as { widgets: Array<{ id: number; layout: unknown }> };
        return Object.fromEntries(saved.widgets.map((w) => [w.id, w.layout]));
      };
      const saved = await savedLayouts();
      await page.reload();
      await notes.getByText('Night work starts Monday.').waitFor();
      const shown = await settledPlaces(page);
      // The notes sit in the top row to the right of the widened KPI, as they were dropped.
      expect(shown[notesId!]!.y).toBe(shown[openId!]!.y);
      expect(shown[notesId!]!.x).toBeGreaterThan(shown[openId!]!.x + shown[openId!]!.w);
      expect(shown[openId!]!.w).toBeGreaterThan(before[openId!]!.w);
      await page.reload();
      await notes.getByText('Night work starts Monday.').waitFor();
      expect(await settledPlaces(page)).toEqual(shown);
      expect(await savedLayouts()).toEqual(saved);
      await snap(page, `${tag}-dashboards-03-layout-kept`);
      // The keyboard's way: the widget's menu opens its place and size, counted from 1.
      await notes.getByRole('button', { name: 'Widget actions: Crew notes' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Position and size' }).press('Enter');
      const place = page.getByRole('dialog', { name: 'Position and size' });
      await expect.poll(() => place.getByLabel('Column').inputValue()).toBe(String((saved[notesId!] as { x: number }).x + 1));
      // Shot once it has faded in.
      await expect.poll(() => place.evaluate((el) => getComputedStyle(el.closest('.MuiDialog-container')!).opacity)).toBe('1');
      await snap(page, `${tag}-dashboards-03-place-dialog`);
      await page.keyboard.press('Escape');
      await place.waitFor({ state: 'detached' });

      // Public: the link opens without login in a fresh context with the same figures.
      await page.getByRole('button', { name: 'Public link' }).click();
      const sharing = page.getByRole('dialog', { name: 'Public link' });
      await sharing.getByRole('button', { name: 'Make public' }).click();
      const link = await sharing.getByRole('textbox', { name: 'Link' }).inputValue();
      expect(link).toMatch(/\/app\/public\/dashboard\/[A-Za-z0-9_-]{22}$/);
      await sharing.getByText(/Published .* by /).waitFor();
      await snap(page, `${tag}-dashboards-04-public-link`);
      await sharing.getByRole('button', { name: 'Close' }).click();

      const guestContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const guest = await guestContext.newPage();
      await guest.goto(link);
      await guest.getByText('Dashboard Paving').first().waitFor();
      const guestKpi = guest.getByRole('region', { name: 'Tasks on the board' });
      await expect.poll(() => kpiOf(guestKpi).textContent()).toBe('3');
      await guest.getByRole('region', { name: 'Tasks by status' }).getByText('In progress').waitFor();
      // A guest has no account menu, notifications, search or shortcuts.
      expect(await guest.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
      expect(await guest.getByRole('button', { name: /notifications/i }).count()).toBe(0);
      await snap(guest, `${tag}-dashboards-05-guest`);

      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const guestPhone = await phone.newPage();
      await guestPhone.goto(link);
      await expect.poll(() => kpiOf(guestPhone.getByRole('region', { name: 'Tasks on the board' })).textContent()).toBe('3');
      const stacked = Object.values(await placesOf(guestPhone));
      expect(new Set(stacked.map((p) => p.x)).size).toBe(1);
      expect(await guestPhone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await snap(guestPhone, `${tag}-dashboards-06-guest-phone`);

      // Revoked: the same link is dead for good.
      await page.getByRole('button', { name: 'Public link' }).click();
      await sharing.getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('dialog', { name: 'Revoke the public link?' }).getByRole('button', { name: 'Revoke' }).click();
      await sharing.getByRole('button', { name: 'Make public' }).waitFor();
      await guest.reload();
      await guest.getByText('This dashboard is not available').waitFor();
      expect(await guest.getByRole('region', { name: 'Tasks on the board' }).count()).toBe(0);
      await snap(guest, `${tag}-dashboards-07-revoked`);

      // The owner's own dashboard at phone width: one column, no sideways scroll.
      const ownerPhone = await phone.newPage();
      await loginAs(ownerPhone, base, owner.email, registered.password);
      await ownerPhone.goto(`${base}/app/dashboard?dashboard=${dashboardId}`);
      await expect.poll(() => kpiOf(ownerPhone.getByRole('region', { name: 'Tasks on the board' })).textContent()).toBe('3');
      expect(new Set(Object.values(await placesOf(ownerPhone)).map((p) => p.x)).size).toBe(1);
      expect(await ownerPhone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await snap(ownerPhone, `${tag}-dashboards-08-phone`);
      await Promise.all([desk.close(), guestContext.close(), phone.close()]);
    });
  });
}
