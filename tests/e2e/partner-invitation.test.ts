import { ownerWithCompany, uniqueEmail } from '../api/harness.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

const REASON = 'We only take work north of the river this season.';

for (const database of browserDatabases(import.meta.url)) {
  describe(`inviting a subcontractor by e-mail [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('invites, the contact declines with a reason in another browser, and the host reads the reason', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const owner = await ownerWithCompany(server, 'Alpha Paving');
      const contactEmail = uniqueEmail('bea');

      const host = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const page = await host.newPage();
      await loginAs(page, base, owner.email, owner.password, `${base}/app/dashboard`);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Subcontractors' }).click();
      await page.waitForURL(`${base}/app/subcontractors`);
      await page.getByText('No subcontractors yet.').waitFor();

      await page.getByRole('button', { name: 'New Subcontractor' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add subcontractor' });
      await dialog.getByRole('tab', { name: 'Invite by e-mail' }).click();
      // A company's name is kept as typed; a person's gets its capitals.
      await dialog.getByLabel('Company name').fill('Bravo boring LLC');
      await dialog.getByLabel('Contact name').fill('bea bravo');
      expect(await dialog.getByLabel('Contact name').inputValue()).toBe('Bea Bravo');
      await dialog.getByLabel('Contact email').fill(contactEmail);
      await snap(page, `${tag}-partner-01-invite`);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText('Subcontractor Added').first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: 'Bravo boring LLC' });
      await row.getByText('Invited').waitFor();
      await snap(page, `${tag}-partner-02-invited`);

      const mail = await server.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', contactEmail).executeTakeFirstOrThrow();
      const link = mail.text_body.match(/http:\/\/fieldwork\.test(\/app\/partner-invitation\/[A-Za-z0-9_-]+\/subcontractor\/decline)/)?.[1];
      expect(link, 'the mail carries a decline link').toBeTruthy();

      // The contact has no account: the decline page needs none.
      const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const guestPage = await guest.newPage();
      await guestPage.goto(`${base}${link}`);
      await guestPage.getByText('invites', { exact: false }).first().waitFor();
      await guestPage.getByText('Alpha Paving', { exact: true }).first().waitFor();
      await guestPage.getByRole('button', { name: 'Decline invitation' }).click();
      await guestPage.getByText('Reason is required').waitFor();
      await guestPage.getByLabel('Reason').fill(REASON);
      await snap(guestPage, `${tag}-partner-03-decline`);
      await guestPage.getByRole('button', { name: 'Decline invitation' }).click();
      await guestPage.getByText('You declined the invitation. Alpha Paving will see your reason.').waitFor();
      expect(await guestPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await snap(guestPage, `${tag}-partner-04-declined`);
      await guest.close();

      await page.reload();
      await page.getByRole('row').filter({ hasText: 'Bravo boring LLC' }).getByText('Declined').waitFor();
      await page.getByRole('gridcell', { name: 'Bravo boring LLC' }).click();
      await page.waitForURL(/\/app\/subcontractors\/\d+$/);
      await page.getByRole('heading', { name: 'Bravo boring LLC' }).waitFor();
      await page.getByText(REASON).waitFor();
      await snap(page, `${tag}-partner-05-host-sees-reason`);
      await page.getByRole('tab', { name: 'Activity' }).click();
      await page.getByText(/Partnership declined/).waitFor();
      await host.close();
    });

    it('the invited contact signs in from the mail, accepts for their company, and each side lists the other', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const alpha = await ownerWithCompany(server, 'Alpha Grading');
      const bravo = await ownerWithCompany(server, 'Bravo Cabling');
      const invited = await server.call('POST', '/api/v1/partnerships/invite/client', {
        token: alpha.token,
        body: { name: 'Bravo Cabling', contactName: 'Bo Bravo', contactEmail: bravo.email },
      });
      expect(invited.status).toBe(201);
      const mail = await server.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', bravo.email).executeTakeFirstOrThrow();
      const signIn = mail.text_body.match(/http:\/\/fieldwork\.test(\/app\/login\?returnTo=\S+)/)?.[1];
      expect(signIn, 'the mail carries a sign-in link back to the invitation').toBeTruthy();

      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      await page.goto(`${base}${signIn}`);
      await page.getByLabel('Email').fill(bravo.email);
      await page.getByLabel('Password', { exact: true }).fill(bravo.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/app\/partner-invitation\/[^/]+\/client\/accept$/);
      await page.getByRole('combobox', { name: 'Accept for' }).filter({ hasText: 'Bravo Cabling' }).waitFor();
      await snap(page, `${tag}-partner-06-accept`);
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await page.getByText('You now work with Alpha Grading as their client.').waitFor();
      await page.getByRole('button', { name: 'Open Alpha Grading' }).click();
      await page.waitForURL(new RegExp(`/app/subcontractors/${invited.body.id}$`));
      await page.getByRole('heading', { name: 'Alpha Grading' }).waitFor();
      await page.getByText('Active', { exact: true }).first().waitFor();
      // The partner reads the partnership and, as either side may, can end it.
      await page.getByRole('button', { name: 'End partnership' }).waitFor();
      await snap(page, `${tag}-partner-07-partner-side`);
      await context.close();

      const hostList = await server.call('GET', '/api/v1/partnerships/list/client', { token: alpha.token });
      expect(hostList.body).toEqual([expect.objectContaining({ name: 'Bravo Cabling', status: 'active', partnerId: bravo.company.id })]);
    });
  });
}
