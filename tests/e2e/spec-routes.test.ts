import { addMember, ownerWithCompany } from '../api/harness.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

for (const database of browserDatabases(import.meta.url)) {
  describe(`routes the spec names whose screens are still coming [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('a project board sends a non-crew-leader to the dashboard, the editor says what is coming, settings lists what the owner may open', async () => {
      const { server: s, base, browser } = app;
      const tag = database.name;
      const owner = await ownerWithCompany(s, 'Route Works');
      const crew = await addMember(s, owner.company.id as number, 'Crew');

      for (const [width, height, size] of [
        [1366, 860, 'desktop'],
        [390, 844, 'phone'],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height } });
        const page = await context.newPage();
        await loginAs(page, base, owner.email, owner.password);

        // The rule runs before any 404: the dashboard, keeping where the owner was going.
        await page.goto(`${base}/app/project-board/5`);
        await page.waitForURL(`${base}/app/dashboard?returnTo=%2Fproject-board%2F5`);
        await page.getByText(/^Welcome, /).first().waitFor();
        expect(await page.getByText('Sorry but we could not find the page').count()).toBe(0);

        await page.goto(`${base}/app/settings`);
        await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
        const companySettings = page.getByRole('region', { name: 'Company settings' });
        for (const name of ['Item Categories', 'Task Types', 'Footprint Types', 'Damage Types', 'Safety Authorities', 'Roles'])
          await companySettings.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
        await snap(page, `${tag}-spec-routes-01-settings-${size}`);

        // Keyboard: Tab reaches the entries, Enter opens one.
        await companySettings.getByRole('link', { name: /^Task Types/ }).focus();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await page.waitForURL(`${base}/app/footprint-types`);
        await context.close();
      }

      // Any member may open the editor's route: without a file it says where to open one, never a 404.
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      await loginAs(page, base, crew.email, crew.password);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      expect(await nav.getByRole('link', { name: 'All Settings' }).count()).toBe(0);
      await page.goto(`${base}/app/editor`);
      await page.getByText('Open a plan file from Files or from a project’s files.').waitFor();
      await snap(page, `${tag}-spec-routes-02-editor-desktop`);
      await context.close();
    });
  });
}
