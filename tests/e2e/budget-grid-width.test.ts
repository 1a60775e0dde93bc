import type { Locator, Page } from 'playwright-core';
import { ownerWithCompany } from '../api/harness.js';
import { budgetItem, project } from '../api/change-orders-helpers.js';
import { callAs, type CompanySide } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

/** Where a thing sits against the window: wholly inside it, with its size. */
async function placed(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const view = page.viewportSize()!;
  return { inside: box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width, width: box.width, height: box.height };
}

/** Whether the text of a cell shows whole, not cut with an ellipsis. */
const whole = (cell: Locator) => cell.evaluate((el) => [el, ...el.querySelectorAll('*')].every((n) => n.scrollWidth <= n.clientWidth + 1));

/** Whether a column of the budget grid lies past its right edge (only reached by scrolling sideways). */
const columnsPastTheEdge = (page: Page) =>
  page.getByRole('grid', { name: 'Budget items' }).evaluate((grid) => {
    const edge = grid.getBoundingClientRect().right;
    return [...grid.querySelectorAll('[role="columnheader"]')].filter((h) => h.getBoundingClientRect().right > edge + 1).map((h) => h.getAttribute('data-field'));
  });

for (const database of browserDatabases(import.meta.url)) {
  describe(`the budget grid and the project tabs at desktop and phone widths [${database.name}]`, () => {
    let app: BrowserApp;
    let owner: Awaited<ReturnType<typeof ownerWithCompany>>;
    let projectId: number;

    beforeAll(async () => {
      app = await startBrowserApp(database);
      owner = await ownerWithCompany(app.server, 'Wide Paving');
      const side: Pick<CompanySide, 'token' | 'headers'> = { token: owner.token, headers: { 'x-company-id': String(owner.company.id) } };
      // An approved budget: each row offers a change order, and its history once there is one.
      const made = await project(app.server, owner.company.id, { code: 'WIDE-1', status: 'approved' });
      projectId = made.projectId;
      const items = [
        { name: 'Hot mix asphalt surface course', code: 'HMA-SC-12', unit: 'TON', description: 'Type D, 2 in. compacted over the whole northbound lane and the turn bays' },
        { name: 'Conduit, two inch, schedule 80', code: 'CD-2-80', unit: 'LF', description: null },
      ];
      for (const [i, item] of items.entries()) {
        const res = await callAs(app.server, side, 'POST', '/items', { name: item.name, code: item.code, unit: item.unit });
        expect(res.status).toBe(201);
        await budgetItem(app.server, made.budgetId, res.body.id, 1250 + i, 123456, item.description);
      }
    });

    afterAll(() => app?.stop());

    it('at 1366 px the row actions and the amounts are on screen without scrolling sideways, and the tabs past Settings are reached by a scroll button', async () => {
      const context = await app.browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      await loginAs(page, app.base, owner.email, owner.password);
      await page.goto(`${app.base}/app/projects/${projectId}/budget`);
      const grid = page.getByRole('grid', { name: 'Budget items' });
      const changeOrder = grid.getByRole('menuitem', { name: 'Change order for Hot mix asphalt surface course' });
      await changeOrder.waitFor();
      expect(await placed(page, changeOrder)).toMatchObject({ inside: true });
      expect(await placed(page, grid.getByRole('columnheader', { name: 'Amount' }))).toMatchObject({ inside: true });
      // 1,250 × $1,234.56
      const amount = grid.getByRole('gridcell', { name: '$1,543,200.00' });
      expect(await placed(page, amount)).toMatchObject({ inside: true });
      expect(await whole(amount)).toBe(true);
      expect(await columnsPastTheEdge(page)).toEqual([]);
      await snap(page, 'budget-grid-1366');

      // Ten sections do not fit beside the navigation: the end scroll button says so and brings Activity in.
      const tabs = page.locator('.MuiTabs-root').filter({ has: page.getByRole('tablist', { name: 'Project sections' }) });
      const activity = page.getByRole('tablist', { name: 'Project sections' }).getByRole('tab', { name: 'Activity' });
      expect(await placed(page, activity)).toMatchObject({ inside: false });
      const more = tabs.locator('.MuiTabs-scrollButtons').last();
      expect(await more.isVisible()).toBe(true);
      await more.click();
      await expect.poll(async () => (await placed(page, activity)).inside).toBe(true);
      await context.close();
    });

    it('at 390 px the actions are in a row menu of 40 px targets, and the amounts show', async () => {
      const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await loginAs(page, app.base, owner.email, owner.password);
      await page.goto(`${app.base}/app/projects/${projectId}/budget`);
      const grid = page.getByRole('grid', { name: 'Budget items' });
      const firstRow = grid.getByRole('row').filter({ hasText: 'Hot mix asphalt surface course' });
      const menu = firstRow.getByRole('menuitem', { name: 'more' });
      await menu.waitFor();
      const button = await placed(page, menu);
      expect(button.inside).toBe(true);
      expect(button.width).toBeGreaterThanOrEqual(40);
      expect(button.height).toBeGreaterThanOrEqual(40);
      const amount = grid.getByRole('gridcell', { name: '$1,543,200.00' });
      expect(await placed(page, amount)).toMatchObject({ inside: true });
      expect(await whole(amount)).toBe(true);
      expect(await columnsPastTheEdge(page)).toEqual([]);
      // The project tabs scroll on a phone too, with the button showing.
      const tabs = page.locator('.MuiTabs-root').filter({ has: page.getByRole('tablist', { name: 'Project sections' }) });
      expect(await tabs.locator('.MuiTabs-scrollButtons').last().isVisible()).toBe(true);
      await snap(page, 'budget-grid-390');

      await menu.tap();
      const item = page.getByRole('menuitem', { name: 'Change order for Hot mix asphalt surface course' });
      // Measured once the menu has finished growing in.
      await expect.poll(async () => (await placed(page, item)).height).toBeGreaterThanOrEqual(40);
      await item.tap();
      await page.getByRole('dialog').waitFor();
      await snap(page, 'budget-grid-390-change-order');
      await context.close();
    });
  });
}
