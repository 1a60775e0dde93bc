import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ownerWithCompany } from '../api/harness.js';
import { project } from '../api/change-orders-helpers.js';
import { callAs, type CompanySide } from '../api/project-helpers.js';
import { xlsxOf } from '../unit/server/imports/sheet-fixtures.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

for (const database of browserDatabases(import.meta.url)) {
  describe(`budget import from xlsx [${database.name}]`, () => {
    let app: BrowserApp;
    let owner: Awaited<ReturnType<typeof ownerWithCompany>>;
    let projectId: number;
    let budgetId: number;
    let sheetPath: string;
    let imported = false;

    beforeAll(async () => {
      app = await startBrowserApp(database);
      owner = await ownerWithCompany(app.server, 'Import Paving');
      const side: Pick<CompanySide, 'token' | 'headers'> = { token: owner.token, headers: { 'x-company-id': String(owner.company.id) } };
      const made = await project(app.server, owner.company.id, { code: 'IMP-1', status: 'draft' });
      projectId = made.projectId;
      budgetId = made.budgetId;
      for (const [name, code] of [['Asphalt', 'ASP'], ['Conduit', 'CND']]) {
        expect((await callAs(app.server, side, 'POST', '/items', { name, code, unit: 'ton' })).status).toBe(201);
      }
      // 300 rows: 298 matched by code, two naming an item the catalog does not have yet.
      const rows = Array.from({ length: 300 }, (_, i) => (i < 298 ? [i % 2 ? 'ASP' : 'CND', '', i + 1, 10.5, `Line ${i + 1}`] : ['', 'Traffic control', 1, 450, `Line ${i + 1}`]));
      const dir = await mkdtemp(path.join(tmpdir(), 'budget-import-'));
      sheetPath = path.join(dir, 'budget.xlsx');
      await writeFile(sheetPath, await xlsxOf([['Code', 'Name', 'Quantity', 'Unit price', 'Description'], ...rows]));
    });

    afterAll(() => app?.stop());

    for (const viewport of [
      { name: 'desktop', width: 1366, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      it(`imports 300 rows from xlsx after a preview and shows them in the budget grid (${viewport.name})`, async () => {
        const context = await app.browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, ...(viewport.name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
        const page = await context.newPage();
        await loginAs(page, app.base, owner.email, owner.password);
        await page.goto(`${app.base}/app/projects/${projectId}/budget`);
        // An empty budget first asks how to add items: a spreadsheet is one of the answers.
        const prompt = page.getByRole('dialog', { name: 'Add items to the budget?' });
        const importButton = page.getByRole('button', { name: 'Import', exact: true });
        await Promise.race([prompt.waitFor(), importButton.waitFor()]);
        if (await prompt.isVisible()) await prompt.getByRole('button', { name: 'Import from a spreadsheet' }).click();
        else await importButton.click();
        const dialog = page.getByRole('dialog', { name: 'Import budget items' });
        await dialog.getByLabel('Spreadsheet file').setInputFiles(sheetPath);
        const preview = dialog.getByRole('grid', { name: 'Import preview' });
        await preview.waitFor();
        // The second import finds Traffic control in the catalog, where the first one added it.
        const counts = imported ? /300 rows:\s*Matched\s*300\s*New\s*0\s*Refused\s*0/ : /300 rows:\s*Matched\s*298\s*New\s*2\s*Refused\s*0/;
        await expect.poll(() => dialog.getByLabel('Counts').innerText(), { timeout: 15_000 }).toMatch(counts);
        await snap(page, `budget-import-preview-${viewport.name}`);
        const before = await app.server.services.db.selectFrom('budget_items').select('id').where('budget_id', '=', budgetId).execute();
        await dialog.getByRole('button', { name: 'Import 300 items' }).click();
        await dialog.waitFor({ state: 'detached' });
        const after = await app.server.services.db.selectFrom('budget_items').select('id').where('budget_id', '=', budgetId).execute();
        expect(after.length - before.length).toBe(300);
        imported = true;
        await expect.poll(() => page.getByRole('tab', { name: /^Items \(\d+\)$/ }).textContent(), { timeout: 15_000 }).toBe(`Items (${after.length})`);
        const grid = page.getByRole('grid', { name: 'Budget items' });
        // Sorted by item, the first page holds Asphalt's lines.
        await grid.getByText('Asphalt').first().waitFor();
        await snap(page, `budget-import-grid-${viewport.name}`);
        await context.close();
      });
    }

    it('shows the reason of a refused row and imports nothing until the refused rows are left out', async () => {
      const bad = path.join(path.dirname(sheetPath), 'bad.xlsx');
      await writeFile(bad, await xlsxOf([['Code', 'Quantity', 'Price'], ['ASP', 2, 3], ['ASP', 'ten', 3]]));
      const context = await app.browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      await loginAs(page, app.base, owner.email, owner.password);
      await page.goto(`${app.base}/app/projects/${projectId}/budget`);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Import budget items' });
      await dialog.getByLabel('Spreadsheet file').setInputFiles(bad);
      await dialog.getByText('Quantity must be a whole number from 0 to 1,000,000,000').waitFor();
      const importButton = dialog.getByRole('button', { name: 'Import 1 item' });
      expect(await importButton.isDisabled()).toBe(true);
      await dialog.getByLabel('Leave out the refused row and import the others').check();
      expect(await importButton.isDisabled()).toBe(false);
      await snap(page, 'budget-import-refused');
      await context.close();
    });

    it('imports catalog items from the items grid, at desktop and phone widths', async () => {
      const csv = path.join(path.dirname(sheetPath), 'catalog.csv');
      await writeFile(csv, 'Code,Name,Unit,Category\nASP,Asphalt hot mix,ton,\nGRV,Gravel,yd,\n,Sand,yd,Nope\n');
      for (const viewport of [
        { name: 'desktop', width: 1366, height: 900 },
        { name: 'phone', width: 390, height: 844 },
      ]) {
        const context = await app.browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
        const page = await context.newPage();
        await loginAs(page, app.base, owner.email, owner.password);
        await page.goto(`${app.base}/app/items`);
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Import items' });
        await dialog.getByLabel('Spreadsheet file').setInputFiles(csv);
        await dialog.getByText('No category is named "Nope": add it under Item Categories first').waitFor();
        await snap(page, `catalog-import-preview-${viewport.name}`);
        await context.close();
      }
    });
  });
}
