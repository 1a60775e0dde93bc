import { ownerWithCompany } from '../api/harness.js';
import { linksOf, mailTo } from '../api/members-helpers.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

const PASSWORD = 'field-work-1';

for (const database of browserDatabases(import.meta.url)) {
  describe(`member invitation in the browser [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('an owner invites a Supervisor; the invitee registers through the mailed link and sees what the role allows', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const owner = await ownerWithCompany(server, 'Invite Paving');
      const ownerContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const ownerPage = await ownerContext.newPage();
      await loginAs(ownerPage, base, owner.email, owner.password, /\/app\/dashboard/);

      await ownerPage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Members' }).click();
      await ownerPage.waitForURL(`${base}/app/members`);
      await ownerPage.getByRole('button', { name: 'New Member' }).click();
      const dialog = ownerPage.getByRole('dialog', { name: 'New Member' });
      await dialog.getByLabel('Name', { exact: true }).fill('sofia supervisor');
      await dialog.getByLabel('Email', { exact: true }).fill('Sofia.Super@example.com');
      await dialog.getByLabel('Phone', { exact: true }).fill('15125550142');
      await dialog.getByRole('combobox', { name: /^Role/ }).click();
      await ownerPage.getByRole('option', { name: 'Supervisor' }).click();
      await dialog.getByRole('combobox', { name: 'State', exact: true }).click();
      await ownerPage.getByRole('option', { name: 'Texas' }).click();
      await snap(ownerPage, `${tag}-member-01-new`);
      await dialog.getByRole('button', { name: 'Invite' }).click();
      await ownerPage.getByText('Member Added').first().waitFor();
      const row = ownerPage.getByRole('row', { name: /Sofia Supervisor/ });
      await row.getByText('Invited').waitFor();
      await snap(ownerPage, `${tag}-member-02-invited`);

      // The invitee opens the mailed link in a browser of their own.
      const mail = await mailTo(server, 'sofia.super@example.com');
      const { accept } = linksOf(mail.text_body);
      const invitee = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await invitee.newPage();
      await page.goto(`${base}${accept.pathname}${accept.search}`);
      const emailField = page.getByLabel('Email');
      await emailField.waitFor();
      expect(await emailField.inputValue()).toBe('sofia.super@example.com');
      expect(await emailField.isDisabled()).toBe(true);
      await page.getByLabel('Display name').fill('sofia supervisor');
      await page.getByLabel('Phone').fill('15125550142');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await snap(page, `${tag}-member-03-register`);
      await page.getByRole('button', { name: 'Register' }).click();

      // In the company, with the Supervisor's navigation: Task Types, no Members.
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Task Types' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Members' }).count()).toBe(0);
      await page.getByTestId('toolbar-company').filter({ hasText: 'Invite Paving' }).first().waitFor();
      await page.waitForTimeout(400); // the drawer slides in
      await snap(page, `${tag}-member-04-supervisor`);
      await page.goto(`${base}/app/members`);
      await page.waitForURL((url) => !url.pathname.startsWith('/app/members'));

      await ownerPage.reload();
      await ownerPage.getByRole('row', { name: /Sofia Supervisor/ }).getByText('Accepted').waitFor();
      await snap(ownerPage, `${tag}-member-05-accepted`);
      await ownerContext.close();
      await invitee.close();
    });
  });
}
