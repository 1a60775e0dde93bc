import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { addMember, ownerWithCompany } from '../api/harness.js';
import { type BrowserApp, browserDatabases, chooseOption, loginAs, snap, startBrowserApp } from './browser.js';

/** A 32×32 PNG: an orange disc, big enough to see in the screenshots. */
function discPng(): Buffer {
  const size = 32;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) row.push(...((x - 16) ** 2 + (y - 16) ** 2 < 196 ? [230, 126, 34, 255] : [0, 0, 0, 0]));
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const treeRows = (page: Page) =>
  page.getByRole('tree', { name: 'Item Categories' }).getByRole('treeitem').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('aria-level')}:${r.getAttribute('aria-label')}`));

async function newCategory(page: Page, name: string, color: string, parent?: string) {
  await page.getByRole('button', { name: parent ? `Add subcategory to ${parent}` : 'New Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Category' });
  await dialog.getByLabel('Name').fill(name);
  if (color) await dialog.getByLabel('Colour').fill(color);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Category Created').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('treeitem', { name }).waitFor();
}

for (const database of browserDatabases(import.meta.url)) {
  describe(`item categories and items in the browser [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('an owner builds a category tree and an item with an icon; a supervisor sees the tree but not the items', async () => {
      const { server, base, browser } = app;
      const s = server;
      const tag = database.name;
      const owner = await ownerWithCompany(s, 'Catalog Paving');
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      await loginAs(page, base, owner.email, owner.password);

      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Item Categories' }).click();
      await page.waitForURL(`${base}/app/catalog/categories`);
      await page.getByText('No item categories yet.').waitFor();
      await newCategory(page, 'Paving', '#336699');
      await newCategory(page, 'Asphalt', '333', 'Paving');
      await newCategory(page, 'Concrete', '#aaa', 'Paving');
      await newCategory(page, 'Patching', '', 'Asphalt');
      await newCategory(page, 'Utilities', '#e67e22');

      // A bad colour is refused in the dialog, before anything is sent.
      await page.getByRole('button', { name: 'Add subcategory to Utilities' }).click();
      const water = page.getByRole('dialog', { name: 'New Category' });
      await water.getByLabel('Name').fill('Water');
      await water.getByLabel('Colour').fill('#12');
      await water.getByRole('button', { name: 'Create' }).click();
      await water.getByText('Bad Hex').waitFor();
      await water.getByLabel('Colour').fill('#2980b9');
      await water.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('treeitem', { name: 'Water' }).waitFor();
      expect(await treeRows(page)).toEqual(['1:Paving', '2:Asphalt', '3:Patching', '2:Concrete', '1:Utilities', '2:Water']);
      await snap(page, `${tag}-catalog-01-tree`);

      await page.getByRole('button', { name: 'Collapse Paving' }).click();
      expect(await treeRows(page)).toEqual(['1:Paving', '1:Utilities', '2:Water']);
      await page.getByRole('button', { name: 'Expand Paving' }).click();

      // Moving Paving under its own subcategory is not offered; moving Concrete under Utilities is.
      await page.getByRole('button', { name: 'Edit Concrete' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Category' });
      await edit.getByLabel('Parent category').click();
      await page.getByRole('option', { name: 'Utilities' }).click();
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Category Saved').first().waitFor();
      await edit.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelector('[role=treeitem][aria-label="Concrete"]')?.getAttribute('aria-level') === '2'
        && [...document.querySelectorAll('[role=treeitem]')].map((r) => r.getAttribute('aria-label')).join() === 'Paving,Asphalt,Patching,Utilities,Concrete,Water');

      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, `${tag}-catalog-02-tree-phone`);
      await page.setViewportSize({ width: 1366, height: 860 });

      // An item in the Asphalt category, with every field and an icon uploaded on save.
      await nav.getByRole('link', { name: 'Items' }).click();
      await page.waitForURL(`${base}/app/items`);
      await page.getByText('No items yet.').waitFor();
      await page.getByRole('button', { name: 'New Item' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Item' });
      await dialog.getByLabel('Name').fill('hot mix overlay');
      await dialog.getByLabel('Code').fill('HM-100');
      await dialog.getByLabel('Unit').fill('sq ft');
      await dialog.getByLabel('Category').fill('asph');
      await page.getByRole('option', { name: 'Asphalt' }).click();
      await dialog.getByLabel('Production type').click();
      await chooseOption(page, 'Area (shape)');
      await dialog.getByLabel('Line colour').fill('#ff0000');
      await dialog.getByLabel('Photos required').fill('2');
      await dialog.getByLabel('Production allowed').check();
      await dialog.getByLabel('Choose icon file').setInputFiles({ name: 'overlay.png', mimeType: 'image/png', buffer: discPng() });
      await dialog.getByText('overlay.png: uploaded when you save').waitFor();
      await snap(page, `${tag}-catalog-03-item-dialog`);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Item Created').first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      const row = page.getByRole('row', { name: /Hot Mix Overlay/ });
      await row.getByRole('img', { name: 'Icon' }).waitFor();
      const iconUrl = await row.getByRole('img', { name: 'Icon' }).getAttribute('src');
      expect(iconUrl).toMatch(/^\/api\/v1\/staticfiles\/[0-9a-f-]{36}$/);
      expect(await row.getByRole('img', { name: 'Icon' }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(32);
      await row.getByText('Asphalt').waitFor();
      await snap(page, `${tag}-catalog-04-items`);

      const items = await s.call('GET', '/api/v1/items', { token: owner.token });
      expect(items.body).toEqual([
        expect.objectContaining({
          name: 'Hot Mix Overlay',
          code: 'HM-100',
          unit: 'sq ft',
          categoryName: 'Asphalt',
          productionIsAllowed: true,
          productionItemType: 'area',
          lineColor: '#ff0000',
          photosNumber: 2,
          iconUrl,
        }),
      ]);

      // The item's page shows the icon and the category by name.
      await row.getByText('Hot Mix Overlay').click();
      await page.waitForURL(/\/app\/items\/\d+$/);
      await page.getByRole('img', { name: 'Icon' }).waitFor();
      await page.getByText('Asphalt', { exact: true }).waitFor();

      // A supervisor sees the categories read-only and has no Items entry.
      const supervisor = await addMember(s, owner.company.id, 'Supervisor');
      const other = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const second = await other.newPage();
      await loginAs(second, base, supervisor.email, supervisor.password);
      await second.goto(`${base}/app/catalog/categories`);
      const theirNav = second.getByRole('navigation', { name: 'Main navigation' });
      await second.getByRole('treeitem', { name: 'Patching' }).waitFor();
      expect(await second.getByRole('button', { name: 'New Category' }).count()).toBe(0);
      expect(await second.getByRole('button', { name: /^(Edit|Delete|Add subcategory)/ }).count()).toBe(0);
      expect(await theirNav.getByRole('link', { name: 'Items' }).count()).toBe(0);
      await snap(second, `${tag}-catalog-05-supervisor`);
      await other.close();
      await context.close();
    });
  });
}
