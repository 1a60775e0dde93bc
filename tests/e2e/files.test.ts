import type { Page } from 'playwright-core';
import { addMember, ownerWithCompany } from '../api/harness.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';
import { solidPng } from './png.js';


/** Records every value the upload bars show, from before the upload starts. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: Record<string, number[]> = {};
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    const record = () =>
      document.querySelectorAll('[role="progressbar"][aria-label^="Upload of "]').forEach((bar) => {
        const name = bar.getAttribute('aria-label')!.slice('Upload of '.length);
        const value = Number(bar.getAttribute('aria-valuenow'));
        const list = (seen[name] ??= []);
        if (list[list.length - 1] !== value) list.push(value);
      });
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen);
}

const card = (page: Page, name: string) => page.getByRole('listitem', { name: new RegExp(` ${name.replace(/[.()]/g, '\\$&')}$`) });

for (const database of browserDatabases(import.meta.url)) {
  describe(`file manager in the browser [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('creates a folder, uploads two files with progress, renames one, restricts it to a role, and edits the picture', async () => {
      const { server: s, base, browser } = app;
      const tag = database.name;
      const owner = await ownerWithCompany(s, 'Files Paving');
      const companyId = owner.company.id as number;
      const crew = await addMember(s, companyId, 'Crew');

      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      await loginAs(page, base, owner.email, owner.password);
      await page.goto(`${base}/app/files`);

      // A new folder is called 'New Folder' and opens for a name at once.
      await page.getByRole('button', { name: 'New Folder' }).click();
      await page.getByText('Folder added successfully').first().waitFor();
      const name = page.getByRole('textbox', { name: 'Name' });
      expect(await name.inputValue()).toBe('New Folder');
      await name.fill('Driveway job');
      await name.press('Enter');
      await page.getByText('Folder updated successfully').first().waitFor();
      await card(page, 'Driveway job').click();
      await page.waitForURL(/\/app\/files\/\d+$/);
      const folderId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByText('This folder is empty').waitFor();

      // Two files in one upload, each with its own bar that ends at 100.
      const progress = await watchProgress(page);
      await page.getByTestId('upload-input').setInputFiles([
        { name: 'driveway.png', mimeType: 'image/png', buffer: solidPng(400, 300, [0, 160, 0]) },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Kerb cracked at the north end.\n'.repeat(2000)) },
      ]);
      await page.getByText('File added successfully').first().waitFor();
      await card(page, 'driveway.png').waitFor();
      await card(page, 'notes.txt').waitFor();
      const seen = await progress();
      for (const file of ['driveway.png', 'notes.txt']) {
        expect(seen[file]!.at(-1)).toBe(100);
        expect(seen[file]!.slice(0, -1).every((v) => v < 100)).toBe(true);
      }
      await snap(page, `${tag}-files-01-uploaded`);

      // Rename in place with F2.
      await card(page, 'notes.txt').focus();
      await page.keyboard.press('F2');
      await name.fill('site notes.txt');
      await name.press('Enter');
      await page.getByText('File renamed successfully').first().waitFor();
      await card(page, 'site notes.txt').waitFor();

      // Only project managers may see the notes now.
      await page.getByRole('button', { name: 'Actions for site notes.txt' }).click();
      await page.getByRole('menuitem', { name: 'Permissions' }).click();
      const dialog = page.getByRole('dialog', { name: 'Permissions: site notes.txt' });
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'ProjectManager' }).click();
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.getByText('Role · Can view').waitFor();
      await snap(page, `${tag}-files-02-permissions`);
      await dialog.getByRole('button', { name: 'Done' }).click();

      // A crew member sees the picture but not the notes.
      const crewContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const crewPage = await crewContext.newPage();
      await loginAs(crewPage, base, crew.email, crew.password);
      await crewPage.goto(`${base}/app/files/${folderId}`);
      await card(crewPage, 'driveway.png').waitFor();
      expect(await card(crewPage, 'site notes.txt').count()).toBe(0);
      await snap(crewPage, `${tag}-files-03-crew-view`);
      await crewContext.close();

      // The picture opens in the preview, then in the image editor; the saved drawing is what the preview shows.
      await card(page, 'driveway.png').click();
      await page.waitForURL(/\/app\/files\/preview\/\d+/);
      const fileId = Number(new URL(page.url()).pathname.split('/')[4]);
      await page.getByRole('img', { name: 'driveway.png' }).waitFor();
      await page.getByRole('button', { name: 'Edit image' }).click();
      await page.waitForURL(`${base}/app/image-editor/${fileId}`);
      const surface = page.getByTestId('drawing-surface');
      await surface.waitFor();
      const box = (await surface.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.5, { steps: 12 });
      await page.mouse.up();
      await snap(page, `${tag}-files-04-drawn`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('File updated successfully').first().waitFor();
      await page.waitForURL((url) => !url.pathname.includes('image-editor'));

      const saved = await s.call('GET', `/api/v1/filesNew/secured/${fileId}`, { token: owner.token, headers: { 'x-company-id': String(companyId) } });
      expect(saved.body.previousVersions).toBe(1);
      await page.goto(`${base}/app/files/preview/${fileId}`);
      const img = page.getByRole('img', { name: 'driveway.png' });
      await img.waitFor();
      // Down the middle column of the picture, the pen's default blue crosses what was uploaded all green.
      const column = await img.evaluate(async (el: HTMLImageElement) => {
        await el.decode();
        const canvas = document.createElement('canvas');
        canvas.width = el.naturalWidth;
        canvas.height = el.naturalHeight;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(el, 0, 0);
        const data = ctx.getImageData(Math.floor(el.naturalWidth / 2), 0, 1, el.naturalHeight).data;
        return Array.from({ length: el.naturalHeight }, (_, y) => [data[y * 4]!, data[y * 4 + 1]!, data[y * 4 + 2]!]);
      });
      expect(column.some(([r, g, b]) => b! > 200 && r! < 80 && g! < 80)).toBe(true);
      expect(column[0]).toEqual([0, 160, 0]);
      await snap(page, `${tag}-files-05-edited`);
      await context.close();
    });
  });
}
