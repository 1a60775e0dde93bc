import type { Page } from 'playwright-core';
import { addMember, ownerWithCompany } from '../api/harness.js';
import { callAs, sideOf } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, chooseOption, loginAs, snap, startBrowserApp } from './browser.js';

const ITEMS = [
  { name: 'Trench Backfill', code: 'TB-1', unit: 'CY' },
  { name: 'Trench Cut', code: 'TC-2', unit: 'LF' },
  { name: 'Trench Patch', code: 'TP-3', unit: 'CY' },
  { name: 'Trench Grade', code: 'TG-7', unit: 'CY' },
  { name: 'Trenchless Bore', code: 'TB-5', unit: 'CY' },
  { name: 'Asphalt Patch', code: 'AP-4', unit: 'CY' },
];

/** The names in the grid's rows, once it shows `expected` (the grid answers after the address changes). */
async function rowsShow(page: Page, expected: string[]) {
  const names = page.getByRole('grid').locator('[role="gridcell"][data-field="name"]');
  await expect.poll(async () => (await names.allTextContents()).sort(), { timeout: 15000 }).toEqual([...expected].sort());
}

async function addFilter(page: Page, column: string, operator: string, value: string) {
  const bar = page.getByRole('search', { name: 'Filter items' });
  await bar.getByRole('button', { name: 'Add filter' }).click();
  const form = page.getByRole('form', { name: 'Add filter' });
  await form.getByRole('combobox', { name: 'Column' }).click();
  await chooseOption(page, column);
  await form.getByRole('combobox', { name: 'Operator' }).click();
  await chooseOption(page, operator);
  await form.getByLabel('Value').fill(value);
  await form.getByRole('button', { name: 'Apply' }).click();
  await form.waitFor({ state: 'detached' });
}

for (const database of browserDatabases(import.meta.url)) {
  describe(`a grid filtered on several columns [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('combines three filters, keeps them in the address (back and forward too), saves them in a view, and a reload shows the same rows', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const owner = sideOf(await ownerWithCompany(server, 'Filter Paving'));
      const pm = await addMember(server, owner.companyId, 'ProjectManager');
      for (const item of ITEMS) expect((await callAs(server, owner, 'POST', '/items', item)).status).toBe(201);

      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await desk.newPage();
      await loginAs(page, base, pm.email, pm.password);
      await page.goto(`${base}/app/items`);
      await rowsShow(page, ITEMS.map((i) => i.name));

      await addFilter(page, 'Name', 'matches', 'trench *');
      await rowsShow(page, ['Trench Backfill', 'Trench Cut', 'Trench Patch', 'Trench Grade']);
      await addFilter(page, 'Unit', 'equals', 'CY');
      await rowsShow(page, ['Trench Backfill', 'Trench Patch', 'Trench Grade']);
      await addFilter(page, 'Code', 'is not', 'TB-1');
      const three = ['Trench Patch', 'Trench Grade'];
      await rowsShow(page, three);
      expect(new URL(page.url()).search).toBe('?name_matches=trench+*&unit=CY&code_ne=TB-1');
      const bar = page.getByRole('search', { name: 'Filter items' });
      await bar.getByRole('button', { name: 'Code is not TB-1' }).waitFor();
      await snap(page, `${tag}-grid-filters-01-three`);

      // Back and forward step through the conditions.
      await page.goBack();
      await rowsShow(page, ['Trench Backfill', 'Trench Patch', 'Trench Grade']);
      await page.goForward();
      await rowsShow(page, three);

      await page.getByRole('button', { name: 'All rows' }).click();
      await page.getByRole('menuitem', { name: 'Save current view as…' }).click();
      const naming = page.getByRole('dialog', { name: 'Save view' });
      await naming.getByLabel('View name').fill('Trench CY');
      await naming.getByRole('button', { name: 'Save' }).click();
      await page.getByText('View saved').first().waitFor();
      const me = await callAs(server, { ...owner, token: pm.token }, 'GET', '/users/me');
      const views = (me.body.user ?? me.body).views as Array<{ name: string; filters: { conditions: unknown } }>;
      expect(views.find((v) => v.name === 'Trench CY')!.filters.conditions).toEqual([
        { field: 'name', op: 'matches', value: 'trench *' },
        { field: 'unit', op: 'equals', value: 'CY' },
        { field: 'code', op: 'ne', value: 'TB-1' },
      ]);

      // A reload of the address, and the grid opened bare: the remembered view brings the same rows.
      await page.reload();
      await rowsShow(page, three);
      await page.goto(`${base}/app/items`);
      await rowsShow(page, three);
      await page.getByRole('button', { name: 'Trench CY' }).waitFor();
      expect(new URL(page.url()).search).toBe('?name_matches=trench+*&unit=CY&code_ne=TB-1');

      // Clear all: every row again, and the address bare.
      await page.getByRole('search', { name: 'Filter items' }).getByRole('button', { name: 'Clear all' }).click();
      await rowsShow(page, ITEMS.map((i) => i.name));
      expect(new URL(page.url()).search).toBe('');
      await desk.close();

      // On a phone the chips wrap and the add form fits the screen.
      const phone = await browser.newContext({ viewport: { width: 375, height: 780 }, isMobile: true, hasTouch: true });
      const small = await phone.newPage();
      await loginAs(small, base, pm.email, pm.password);
      await small.goto(`${base}/app/items?name_matches=trench+*&unit=CY&code_ne=TB-1`);
      const phoneBar = small.getByRole('search', { name: 'Filter items' });
      await phoneBar.getByRole('button', { name: 'Name matches trench *' }).waitFor();
      for (const chip of await phoneBar.getByRole('button').all()) {
        const box = (await chip.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      await snap(small, `${tag}-grid-filters-02-phone`);
      await phoneBar.getByRole('button', { name: 'Add filter' }).click();
      const form = small.getByRole('form', { name: 'Add filter' });
      await form.waitFor();
      const box = (await form.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      await snap(small, `${tag}-grid-filters-03-phone-add`);
      await phone.close();
    });
  });
}
