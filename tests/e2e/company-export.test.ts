import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { ExportManifest } from '../../resources/company-export.js';
import { ownerWithCompany } from '../api/harness.js';
import { rootOf, uploadOne } from '../api/files-helpers.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp, savedCopy } from './browser.js';

for (const database of browserDatabases(import.meta.url)) {
  describe(`company data export in the browser [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it("an owner exports the company's data from the company page and downloads the zip", async () => {
      const { server: s, base, browser } = app;
      const owner = await ownerWithCompany(s, 'Zipped Paving');
      await uploadOne(s, owner.token, (await rootOf(s, owner.token)).id, 'contract.txt', 'the signed contract');

      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
      const page = await context.newPage();
      await loginAs(page, base, owner.email, owner.password);
      await page.goto(`${base}/app/companies/${owner.company.id}/data-export`);
      await page.getByText("This company's data has not been exported yet.").waitFor();
      await page.getByRole('button', { name: 'Export company data' }).click();

      // The server's own job runner writes it; the page follows it to its link.
      // The card's alert, not the bell's toast ("… is ready to download").
      const ready = page.getByRole('alert').filter({ hasText: /is ready \(\d+ KB\)/ });
      await ready.waitFor({ timeout: 30_000 });
      await snap(page, `${database.name}-company-export-card`);
      const [download] = await Promise.all([page.waitForEvent('download'), ready.getByRole('link', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^Zipped-Paving-export-\d{4}-\d{2}-\d{2}\.zip$/);
      const zip = await JSZip.loadAsync(await readFile(await savedCopy(download)));
      const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as ExportManifest;
      expect(manifest).toMatchObject({ company: { id: owner.company.id, name: 'Zipped Paving' }, files: { count: 1 } });
      const files = JSON.parse(await zip.file('files.json')!.async('string')) as Array<{ name: string; path: string }>;
      expect(await zip.file(files[0]!.path)!.async('string')).toBe('the signed contract');

      // On a phone the card and its link fit the screen: nothing wider than the viewport.
      await page.setViewportSize({ width: 390, height: 844 });
      await ready.getByRole('link', { name: 'Download' }).waitFor();
      await snap(page, `${database.name}-company-export-card-phone`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    }, 90_000);
  });
}
