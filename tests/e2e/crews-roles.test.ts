import type { Page } from 'playwright-core';
import { addMember, ownerWithCompany } from '../api/harness.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

/** Types into a picker of the open dialog and chooses the matching option. */
async function pick(page: Page, label: string, text: string, option: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(label).fill(text);
  await page.getByRole('option', { name: new RegExp(option) }).click();
}

for (const database of browserDatabases(import.meta.url)) {
  describe(`crews and roles in the browser [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('an owner creates a custom role and a crew with members; a member given that role manages crews only', async () => {
      const { server, base, browser } = app;
      const s = server;
      const tag = database.name;
      const owner = await ownerWithCompany(s, 'Crew Works');
      const companyId = owner.company.id as number;
      const rename = (member: { user: { id: number } }, name: string) =>
        s.services.db.updateTable('memberships').set({ name }).where('user_id', '=', member.user.id).where('company_id', '=', companyId).execute();
      const ann = await addMember(s, companyId, 'Crew');
      await rename(ann, 'Ann Archer');
      const bob = await addMember(s, companyId, 'Crew');
      await rename(bob, 'Bob Baker');
      const cy = await addMember(s, companyId, 'Member');
      await rename(cy, 'Cy Cole');

      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      await loginAs(page, base, owner.email, owner.password);

      // A custom role that may manage crews and nothing else.
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Roles' }).click();
      await page.waitForURL(`${base}/app/roles`);
      await page.getByRole('button', { name: 'New Role' }).click();
      const roleDialog = page.getByRole('dialog');
      await roleDialog.getByLabel('Role name').fill('Dispatcher');
      await roleDialog.getByRole('checkbox', { name: 'Crews: Manage' }).check();
      await expectChecked(roleDialog.getByRole('checkbox', { name: 'Crews: View' }), true);
      await snap(page, `${tag}-crews-01-new-role`);
      await roleDialog.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Role Created').first().waitFor();
      await page.getByRole('list', { name: 'Roles' }).getByText('Dispatcher').waitFor();
      const roles = await s.call('GET', `/api/v1/roles/company/${companyId}/all`, { token: owner.token });
      const dispatcher = roles.body.find((r: { name: string }) => r.name === 'Dispatcher');
      expect(dispatcher.permissions).toEqual([{ resourceType: 'crews', action: 'manage', resourceId: null }]);

      // A crew with two members and a leader, picked by searching.
      await nav.getByRole('link', { name: 'Crews' }).click();
      await page.waitForURL(`${base}/app/crews`);
      await page.getByText('No crews yet.').waitFor();
      await page.getByRole('button', { name: 'New Crew' }).click();
      await page.getByRole('dialog').getByLabel('Name').fill('north paving');
      await pick(page, 'Members', 'ann', 'Ann Archer');
      await pick(page, 'Members', 'bak', 'Bob Baker');
      await pick(page, 'Leaders', 'cole', 'Cy Cole');
      await snap(page, `${tag}-crews-02-new-crew`);
      await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
      await page.getByText('Crew Added').first().waitFor();
      const row = page.getByRole('row', { name: /North Paving/ });
      await row.getByText('Cy Cole').waitFor();
      await row.getByRole('gridcell', { name: '2', exact: true }).waitFor();

      await row.getByRole('gridcell', { name: 'North Paving' }).click();
      await page.waitForURL(/\/app\/crews\/\d+$/);
      await page.getByRole('heading', { name: 'North Paving' }).waitFor();
      await page.getByText('Ann Archer').waitFor();
      await page.getByText('Bob Baker').waitFor();
      await page.getByRole('tab', { name: 'Leaders (1)' }).click();
      await page.waitForURL(/\/app\/crews\/\d+\/leaders$/);
      await page.getByText('Cy Cole').waitFor();
      await snap(page, `${tag}-crews-03-crew-page`);

      const crews = await s.call('GET', '/api/v1/crews', { token: owner.token });
      expect(crews.body).toHaveLength(1);
      expect(crews.body[0]).toMatchObject({ name: 'North Paving', memberCount: 2, leaderCount: 1, memberNames: 'Ann Archer, Bob Baker', leaderNames: 'Cy Cole' });
      await context.close();

      // Cy now holds the custom role: Crews shows in the navigation, Roles does not.
      await s.services.db.updateTable('memberships').set({ role_id: dispatcher.id }).where('user_id', '=', cy.user.id).execute();
      const second = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const phone = await second.newPage();
      await loginAs(phone, base, cy.email, cy.password);
      await phone.goto(`${base}/app/crews`);
      await phone.getByRole('heading', { name: 'Crews' }).waitFor();
      await phone.getByText('North Paving').waitFor();
      await snap(phone, `${tag}-crews-04-dispatcher-phone`);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await phone.goto(`${base}/app/roles`);
      await phone.waitForURL((url) => !url.pathname.endsWith('/roles'));
      await second.close();
    });
  });
}

async function expectChecked(locator: ReturnType<Page['getByRole']>, checked: boolean) {
  expect(await locator.isChecked()).toBe(checked);
}
