import { readFile } from 'node:fs/promises';
import { figuresWorld, memberOf } from '../api/figures-helpers.js';
import { pdfText } from '../api/pdf-text.js';
import { type BrowserApp, browserDatabases, chooseOption, loginAs, snap, startBrowserApp, savedCopy } from './browser.js';

for (const database of browserDatabases(import.meta.url)) {
  describe(`reports [${database.name}]`, () => {
    let app: BrowserApp;
    beforeAll(async () => {
      app = await startBrowserApp(database);
    });
    afterAll(() => app?.stop());

    it('a project manager opens the project production report, changes its range, downloads its xlsx and PDF; claims are sent away', async () => {
      const { server, base, browser } = app;
      const w = await figuresWorld(server);
      const pm = await memberOf(server, w, 'ProjectManager');
      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
      const page = await desk.newPage();
      await loginAs(page, base, pm.email, 'secret123');
      await page.goto(`${base}/app/reports/project-production`);
      await page.getByText('Choose a project to see its production.').waitFor();
      await page.getByRole('combobox', { name: 'Project' }).click();
      await chooseOption(page, /North Loop/);
      await page.getByLabel('From').fill('2026-03-01');
      await page.getByLabel('To').fill('2026-03-31');
      const items = page.getByRole('table', { name: 'Per item' });
      // Planned does not depend on the range; produced shows once the range is applied.
      await items.locator('tfoot').getByText('$3.00').waitFor();
      await items.getByRole('cell', { name: '$3,703.68' }).waitFor();
      await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toContain('from=2026-03-01');
      await snap(page, `reports-project-production-${database.name}`);

      // A range after the production: nothing produced, and the address keeps it for a reload.
      await page.getByLabel('From').fill('2026-03-03');
      await items.locator('tfoot').getByText('$0.00').waitFor();
      await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toContain('from=2026-03-03');
      await page.reload();
      await page.getByRole('table', { name: 'Per day' }).getByText('No approved production in these days.').waitFor();
      await page.getByLabel('From').fill('2026-03-01');
      await page.getByRole('table', { name: 'Per day' }).getByRole('cell', { name: '03/02/2026' }).waitFor();

      const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (xlsx)' }).click()]);
      expect(xlsx.suggestedFilename()).toMatch(/^Project_Production_.*_2026-03-01_2026-03-31\.xlsx$/);
      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
      const { text } = await pdfText(await readFile(await savedCopy(pdf)));
      expect(text).toContain('$3,703.68');
      expect(text).toContain('Alpha');

      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const small = await phone.newPage();
      await loginAs(small, base, pm.email, 'secret123');
      await small.goto(`${base}/app/reports/project-production?projectId=${w.north.id}&from=2026-03-01&to=2026-03-31`);
      await small.getByRole('table', { name: 'Per item' }).getByRole('cell', { name: '$3,703.68' }).waitFor();
      // A shared link names its project in the picker.
      await expect.poll(() => small.getByRole('combobox', { name: 'Project' }).inputValue()).toContain('North Loop');
      await snap(small, `reports-project-production-phone-${database.name}`);
      await phone.close();

      const claims = await memberOf(server, w, 'Claims');
      const other = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const claimsPage = await other.newPage();
      await loginAs(claimsPage, base, claims.email, 'secret123');
      await claimsPage.goto(`${base}/app/reports/project-production?projectId=${w.north.id}`);
      await expect.poll(() => new URL(claimsPage.url()).pathname).not.toContain('/reports/');
      await other.close();
      await desk.close();
    });
  });
}
