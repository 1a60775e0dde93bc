import { ownerWithCompany } from '../api/harness.js';
import { createProject } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

for (const database of browserDatabases(import.meta.url)) {
  describe(`API tokens in the browser [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('an owner creates a token on the company page, copies its secret and the API answers it; revoked, it is refused', async () => {
      const { server: s, base, browser } = app;
      const owner = await ownerWithCompany(s, 'Integrated Paving');
      await createProject(s, owner.token, owner.company.id, { projectName: 'Token Avenue' });

      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await loginAs(page, base, owner.email, owner.password);
      await page.goto(`${base}/app/companies/${owner.company.id}/api-tokens`);
      await page.getByText('This company has no API tokens yet.').waitFor();
      await snap(page, `${database.name}-api-tokens-empty`);
      await page.getByRole('button', { name: 'New API token' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Accounting sync');
      await dialog.getByRole('checkbox', { name: 'Projects: view' }).check();
      await snap(page, `${database.name}-api-tokens-dialog`);
      await dialog.getByRole('button', { name: 'Create token' }).click();
      await dialog.getByText('Copy the secret now: it will not be shown again.').waitFor();
      const secret = await dialog.getByLabel('Token secret').inputValue();
      expect(secret).toMatch(/^fwk_/);
      await snap(page, `${database.name}-api-tokens-secret`);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('list', { name: 'API tokens' }).getByText('Accounting sync').waitFor();
      // The secret is nowhere on the page once the dialog is closed.
      expect(await page.content()).not.toContain(secret);

      // The test calls the API with it, as an integration would: no session, no X-Company-Id.
      const res = await fetch(`${base}/api/v1/projects`, { headers: { authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Token Avenue');
      expect((await fetch(`${base}/api/v1/users/me`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(403);

      await page.getByRole('button', { name: 'Revoke Accounting sync' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('Revoked').waitFor();
      expect((await fetch(`${base}/api/v1/projects`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);

      // The phone width: the list and its status stay readable.
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, `${database.name}-api-tokens-phone`);
      await context.close();
    }, 90_000);
  });
}
