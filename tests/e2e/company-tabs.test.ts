import { createCompany, ownerWithCompany } from '../api/harness.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

for (const database of browserDatabases(import.meta.url)) {
  describe(`two tabs in two companies [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('switching company in one tab leaves the other tab acting in its own company', async () => {
      const { server: s, base, browser } = app;
      const owner = await ownerWithCompany(s, 'Alpha Paving');
      const beta = await createCompany(s, owner.token, { name: 'Beta Utilities' });
      await s.call('PATCH', `/api/v1/users/me/company/${owner.company.id}`, { token: owner.token });

      // One browser: both tabs share the sign-in (local storage), each keeps its own company.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const first = await context.newPage();
      await loginAs(first, base, owner.email, owner.password);
      const second = await context.newPage();
      await second.goto(`${base}/app/crews`);
      await second.getByText('No crews yet.').waitFor();
      await second.getByTestId('nav-role').filter({ hasText: 'Alpha Paving' }).first().waitFor();

      // The first tab moves to Beta.
      await first.goto(`${base}/app/crews`);
      await first.getByRole('combobox').filter({ hasText: 'Alpha Paving' }).click();
      await first.getByRole('option', { name: 'Beta Utilities' }).click();
      await first.waitForLoadState('load');
      await first.getByText('No crews yet.').waitFor();
      await first.getByTestId('nav-role').filter({ hasText: 'Beta Utilities' }).first().waitFor();

      // The second tab, untouched, still shows Alpha and creates its crew there.
      await second.getByRole('button', { name: 'New Crew' }).click();
      await second.getByRole('dialog').getByLabel('Name').fill('alpha night crew');
      await second.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
      await second.getByText('Crew Added').first().waitFor();
      await snap(second, `${database.name}-company-tabs-second-tab`);
      // A reload keeps the tab's company.
      await second.reload();
      await second.getByRole('row', { name: /Alpha Night Crew/ }).waitFor();
      await second.getByTestId('nav-role').filter({ hasText: 'Alpha Paving' }).first().waitFor();

      const inAlpha = await s.call('GET', '/api/v1/crews', { token: owner.token, headers: { 'x-company-id': String(owner.company.id) } });
      const inBeta = await s.call('GET', '/api/v1/crews', { token: owner.token, headers: { 'x-company-id': String(beta.id) } });
      expect(inAlpha.body.map((c: { name: string }) => c.name)).toEqual(['Alpha Night Crew']);
      expect(inBeta.body).toEqual([]);
      await context.close();
    });
  });
}
