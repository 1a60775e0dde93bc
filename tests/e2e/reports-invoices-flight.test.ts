import { readFile } from 'node:fs/promises';
import { memberOf } from '../api/figures-helpers.js';
import { pdfText } from '../api/pdf-text.js';
import { callAs } from '../api/project-helpers.js';
import { boardWorld, invoicesWorld } from '../api/report-rows.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp, savedCopy } from './browser.js';

// The page's first answer can take seconds on a loaded machine; expect.poll's own default is 1 s.
const SLOW = { timeout: 20_000 };

for (const database of browserDatabases(import.meta.url)) {
  describe(`reports: invoices and flight board [${database.name}]`, () => {
    let app: BrowserApp;
    beforeAll(async () => {
      app = await startBrowserApp(database);
    });
    afterAll(() => app?.stop());

    it('a project manager opens the invoices report, changes its range and grouping, downloads its xlsx and PDF', async () => {
      const { server, base, browser } = app;
      const w = await invoicesWorld(server);
      const pm = await memberOf(server, w, 'ProjectManager');
      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
      const page = await desk.newPage();
      await loginAs(page, base, pm.email, 'secret123');
      await page.goto(`${base}/app/reports/invoices`);
      // Left out, the range is this year so far: the server says which days it used.
      await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue(), SLOW).toMatch(/^\d{4}-01-01$/);
      await page.getByLabel('From', { exact: true }).fill('2026-03-01');
      await page.getByLabel('To', { exact: true }).fill('2026-03-31');
      const groups = page.getByRole('table', { name: 'Per project' });
      await groups.getByRole('cell', { name: '$4,300.43' }).waitFor();
      await page.getByRole('table', { name: /^Ageing/ }).locator('tfoot').getByText('$1,750.09').waitFor();
      await expect.poll(() => new URL(page.url()).search, SLOW).toContain('from=2026-03-01');
      await snap(page, `reports-invoices-${database.name}`);

      // From 2 March: North's 1,000.00 of 1 March is out.
      await page.getByLabel('From', { exact: true }).fill('2026-03-02');
      await groups.getByRole('cell', { name: '$3,300.43' }).waitFor();
      await page.getByRole('combobox', { name: 'Group by' }).click();
      await page.getByRole('option', { name: 'Client' }).click();
      await page.getByRole('table', { name: 'Per client' }).getByRole('cell', { name: 'Ledger Client Utility' }).waitFor();
      await expect.poll(() => new URL(page.url()).search, SLOW).toContain('groupBy=client');

      const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (xlsx)' }).click()]);
      expect(xlsx.suggestedFilename()).toBe('Invoices_2026-03-02_2026-03-31.xlsx');
      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
      const { text } = await pdfText(await readFile(await savedCopy(pdf)));
      expect(text).toContain('$3,300.43');
      expect(text).toContain('Ledger Client Utility');

      // A shared link with a subcontractor names it in the picker.
      await page.goto(`${base}/app/reports/invoices?from=2026-03-01&to=2026-03-31&subcontractorId=${w.sub.companyId}`);
      await page.getByRole('table', { name: 'Per project' }).getByRole('cell', { name: '$225.00' }).first().waitFor();
      await expect.poll(() => page.getByRole('combobox', { name: 'Received from subcontractor' }).inputValue(), SLOW).toBe('Ledger Trenching');
      await desk.close();
    });

    it('the flight board fits twelve projects on a 1920×1080 wall, stacks them on a phone, goes full screen and refreshes live', async () => {
      const { server, base, browser } = app;
      const w = await boardWorld(server, 10);
      const pm = await memberOf(server, w, 'ProjectManager');
      const wall = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const page = await wall.newPage();
      await loginAs(page, base, pm.email, 'secret123');
      await page.goto(`${base}/app/reports/flight-board`);
      const tiles = page.getByRole('article');
      await expect.poll(() => tiles.count(), SLOW).toBe(12);
      await page.getByRole('article', { name: 'Main Street' }).getByText('Behind').waitFor();
      // Every tile within the window, and nothing to scroll.
      const boxes = await tiles.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom));
      expect(Math.max(...boxes)).toBeLessThanOrEqual(1080);
      expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight + 1)).toBe(true);
      await snap(page, `reports-flight-board-wall-${database.name}`);

      await page.getByRole('button', { name: 'Full screen' }).click();
      await page.getByRole('button', { name: 'Leave full screen' }).waitFor();
      expect(await page.evaluate(() => !!document.fullscreenElement)).toBe(true);
      await snap(page, `reports-flight-board-full-${database.name}`);
      await page.getByRole('button', { name: 'Leave full screen' }).click();
      await page.getByRole('button', { name: 'Full screen' }).waitFor();

      // Another user renames a project: the board follows without a reload.
      const updated = await page.getByText(/^Updated /).textContent();
      const renamed = await callAs(server, w.owner, 'PATCH', `/projects/${w.quiet.id}`, { projectName: 'Quiet Lane East' });
      expect(renamed.status).toBe(200);
      await page.getByRole('article', { name: 'Quiet Lane East' }).waitFor({ timeout: 20_000 });
      expect(await page.getByText(/^Updated /).textContent()).not.toBe(updated);
      await wall.close();

      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const small = await phone.newPage();
      await loginAs(small, base, pm.email, 'secret123');
      await small.goto(`${base}/app/reports/flight-board`);
      await expect.poll(() => small.getByRole('article').count(), SLOW).toBe(12);
      const lefts = await small.getByRole('article').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(1);
      expect(await small.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
      await snap(small, `reports-flight-board-phone-${database.name}`);
      await phone.close();
    });
  });
}
