import { readFile } from 'node:fs/promises';
import { reportWorld } from '../api/budget-report-helpers.js';
import { addMember } from '../api/harness.js';
import { pdfText } from '../api/pdf-text.js';
import { type BrowserApp, browserDatabases, chooseOption, loginAs, snap, startBrowserApp, savedCopy } from './browser.js';

/** Figures from tests/api/budget-report-helpers.ts, worked out there and in tests/api/reports-budget.test.ts. */
for (const database of browserDatabases(import.meta.url)) {
  describe(`budget report [${database.name}]`, () => {
    let app: BrowserApp;
    beforeAll(async () => {
      app = await startBrowserApp(database);
    });
    afterAll(() => app?.stop());

    it('a project manager opens the budget report from the budget, widens it to every company, changes its range, downloads its xlsx and PDF', async () => {
      const { server, base, browser } = app;
      const w = await reportWorld(server);
      const pm = await addMember(server, w.owner.companyId, 'ProjectManager');
      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
      const page = await desk.newPage();
      await loginAs(page, base, pm.email, 'secret123');
      await page.goto(`${base}/app/projects/${w.projectId}/budget/figures`);
      await page.getByRole('link', { name: 'Open budget report' }).click();
      await expect.poll(() => new URL(page.url()).search).toBe(`?projectId=${w.projectId}&companyId=${w.owner.companyId}`);
      const items = page.getByRole('table', { name: 'Per item' });
      // The owner's budget: every item, with its totals.
      await items.getByRole('cell', { name: '$2,999,999.97' }).waitFor();
      await items.locator('tfoot').getByText('$3,000,904.97').waitFor();
      await expect.poll(() => page.getByRole('combobox', { name: 'Project' }).inputValue()).toContain('Main Street Fiber');

      // Every company: the sub-project's budget counts too.
      await page.getByRole('combobox', { name: 'Company' }).click();
      await chooseOption(page, 'All companies');
      const companies = page.getByRole('table', { name: 'Per company' });
      await companies.getByRole('cell', { name: 'Sub Boring' }).waitFor();
      await items.locator('tfoot').getByText('$3,000,905.27').waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.has('companyId')).toBe(false);

      // Two days: 03-03's 354.25 and 03-04's 360.00 spent.
      await page.getByLabel('From').fill('2026-03-03');
      await page.getByLabel('To').fill('2026-03-04');
      await page.getByRole('table', { name: 'Per category' }).locator('tfoot').getByText('$714.25').waitFor();
      await expect.poll(() => new URL(page.url()).search).toContain('from=2026-03-03&to=2026-03-04');
      await snap(page, `reports-budget-${database.name}`);

      const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (xlsx)' }).click()]);
      expect(xlsx.suggestedFilename()).toMatch(/^Budget_.*_2026-03-03_2026-03-04\.xlsx$/);
      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
      expect(pdf.suggestedFilename()).toMatch(/^Budget_.*_2026-03-03_2026-03-04\.pdf$/);
      const { text } = await pdfText(await readFile(await savedCopy(pdf)));
      expect(text).toContain('$714.25');
      expect(text).toContain('$3,000,905.27');

      // A shared link, on a phone.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const small = await phone.newPage();
      await loginAs(small, base, pm.email, 'secret123');
      await small.goto(`${base}/app/reports/budget?projectId=${w.projectId}&categoryId=${w.categories.materials}&from=2026-03-03&to=2026-03-04`);
      await small.getByRole('table', { name: 'Per item' }).locator('tfoot').getByText('$545.00').waitFor();
      await snap(small, `reports-budget-phone-${database.name}`);
      await phone.close();
      await desk.close();
    });
  });
}
