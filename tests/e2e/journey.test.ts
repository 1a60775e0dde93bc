import type { BrowserContext, Page } from 'playwright-core';
import { uniqueEmail } from '../api/harness.js';
import { type BrowserApp, browserDatabases, fillCompanyForm, snap, startBrowserApp } from './browser.js';

const PASSWORD = 'field-work-1';

/** Everything but the name is the same for each company the journey creates. */
const companyForm = (name: string) => ({
  name,
  ein: '123456789',
  address: '100 Main Street',
  city: 'Austin',
  zip: '78701',
  contactName: 'Dana Field',
  contactPhone: '15125550100',
  contactEmail: 'office@example.com',
});

for (const database of browserDatabases(import.meta.url)) {
  describe(`a new user's first visit [${database.name}]`, () => {
    let app: BrowserApp;
    let context: BrowserContext;

    beforeAll(async () => {
      app = await startBrowserApp(database);
      context = await app.browser.newContext({ viewport: { width: 1366, height: 860 } });
    });

    afterAll(() => app?.stop());

    it('registers, creates two companies, switches, logs out and comes back to where they were', async () => {
      const { base } = app;
      const page = await context.newPage();
      const email = uniqueEmail('journey');
      const tag = database.name;

      await page.goto(`${base}/app/`);
      await page.waitForURL(`${base}/app/login?returnTo=%2Fdashboard`);
      await page.getByText('Focus on the job').waitFor();
      await snap(page, `${tag}-01-login`);

      await page.getByRole('link', { name: "Don't have an account? Register" }).click();
      await page.waitForURL(/\/app\/register\/account/);
      await page.getByLabel('Display name').fill('dana field');
      await page.getByLabel('Phone').fill('15125550123');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Register' }).click();

      await page.waitForURL(`${base}/app/register/company`);
      await fillCompanyForm(page, companyForm('Acme Paving'));
      await page.waitForURL(/\/app\/companies\/\d+$/);
      const firstCompanyUrl = page.url();
      await page.getByRole('heading', { name: 'Acme Paving' }).waitFor();
      await expectText(page, 'toolbar-role', 'Owner');
      await expectText(page, 'plan-badge', 'Upgrade');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
      await page.getByText('Company created').first().waitFor();
      await expectText(page, 'toolbar-company', 'Acme Paving');
      await snap(page, `${tag}-02-company`);

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Create another company' }).click();
      await page.waitForURL(`${base}/app/register/company`);
      await fillCompanyForm(page, companyForm('Bravo Utilities'));
      await page.waitForURL(/\/app\/companies\/\d+$/);
      await page.getByRole('heading', { name: 'Bravo Utilities' }).waitFor();

      // Switching company reloads the page with the other company active.
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL(`${base}/app/dashboard`);
      const switcher = page.getByRole('combobox', { name: 'Company' });
      await switcher.click();
      const reloaded = page.waitForEvent('load');
      await page.getByRole('option', { name: 'Bravo Utilities' }).click();
      await reloaded;
      await page.getByRole('combobox', { name: 'Company' }).filter({ hasText: 'Bravo Utilities' }).waitFor();
      // The dashboard now open is the other company's default one.
      await page.getByRole('heading', { name: 'Company overview' }).waitFor();
      await snap(page, `${tag}-03-switched`);

      await page.goto(firstCompanyUrl);
      await page.getByRole('heading', { name: 'Acme Paving' }).waitFor();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      // A call still on its way when the token went answers 401 and may add a returnTo: the login page either way.
      await page.waitForURL((url) => url.pathname === '/app/login');
      expect(await page.evaluate(() => localStorage.getItem('fieldwork.accessToken'))).toBeNull();

      // Sent away from a protected page, then returned to it after logging in.
      await page.goto(firstCompanyUrl);
      const path = new URL(firstCompanyUrl).pathname.replace('/app', '');
      await page.waitForURL(`${base}/app/login?returnTo=${encodeURIComponent(path)}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Error: Invalid email or password').waitFor();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(firstCompanyUrl);
      await page.getByRole('heading', { name: 'Acme Paving' }).waitFor();
      await page.close();
    });

    it('fits a phone screen and answers unknown pages with the 404 page', async () => {
      const { base, browser } = app;
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await phone.newPage();
      await page.goto(`${base}/app/login`);
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await snap(page, `${database.name}-04-login-phone`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.goto(`${base}/app/no/such/page`);
      await page.waitForURL(`${base}/app/pages/errors/error-404`);
      await page.getByText('404').first().waitFor();
      const asset = await page.request.get(`${base}/app/assets/missing-file.js`);
      expect(asset.status()).toBe(404);
      await phone.close();
    });
  });
}

async function expectText(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).filter({ hasText: text }).first().waitFor();
}
