import type { Page } from 'playwright-core';
import { createCompany, registerUser } from '../api/harness.js';
import { type BrowserApp, browserDatabases, fillCompanyForm, loginAs, snap, startBrowserApp } from './browser.js';
import { solidPng } from './png.js';

const OLD_PASSWORD = 'field-work-1';
const NEW_PASSWORD = 'field-work-2';


const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

for (const database of browserDatabases(import.meta.url)) {
  describe(`profile and company pages [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('edits the profile, uploads a picture, changes the password and logs in with the new one', async () => {
      const { server, base, browser } = app;
      const tag = `${database.name}-profile`;
      const owner = await registerUser(server, { name: 'Dana Field', password: OLD_PASSWORD });
      await createCompany(server, owner.token, { name: 'Acme Paving' });
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      await loginAs(page, base, owner.email, OLD_PASSWORD, `${base}/app/dashboard`);

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL(`${base}/app/profile`);
      const form = page.getByRole('form', { name: 'Profile' });
      await form.getByLabel('Display name').fill('dana maria field');
      await form.getByLabel('City').fill('austin');
      await form.getByLabel('Zip').fill('78701');
      await form.getByRole('button', { name: "Change SSN and driver's license" }).click();
      await form.getByRole('textbox', { name: 'SSN' }).fill('123456789');
      await form.getByRole('button', { name: 'Save profile' }).click();
      await toast(page, 'Profile Saved');
      const saved = await server.services.db.selectFrom('users').select(['name', 'city', 'zip', 'ssn']).where('id', '=', owner.user.id).executeTakeFirstOrThrow();
      expect(saved).toMatchObject({ name: 'Dana Maria Field', city: 'Austin', zip: '78701' });
      // Stored encrypted; the form shows it masked again once saved.
      expect(server.services.fieldCipher.decrypt(saved.ssn!, `users.ssn:${owner.user.id}`)).toBe('123-45-6789');
      await form.getByLabel('SSN', { exact: true }).filter({ hasText: '***-**-6789' }).waitFor();

      await page.getByLabel('Choose picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(64, 64, [220, 90, 40]) });
      await toast(page, 'Profile Picture Saved');
      const avatar = await server.services.db.selectFrom('users').select('avatar_url').where('id', '=', owner.user.id).executeTakeFirstOrThrow();
      expect(avatar.avatar_url).toMatch(/\/staticfiles\//);
      await page.locator(`button[aria-label="Account menu"] img[src="${avatar.avatar_url}"]`).waitFor();

      const password = page.getByRole('form', { name: 'Change password' });
      await password.getByLabel('Current password', { exact: true }).fill('not-my-password');
      await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password was not changed: Current password is incorrect').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await password.getByLabel('Current password', { exact: true }).fill(OLD_PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      await toast(page, 'Password Changed');
      await snap(page, `${tag}-01-desktop`);

      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const phonePage = await phone.newPage();
      await loginAs(phonePage, base, owner.email, NEW_PASSWORD, `${base}/app/dashboard`);
      await phonePage.goto(`${base}/app/profile`);
      await phonePage.getByRole('form', { name: 'Profile' }).getByLabel('Display name').waitFor();
      expect(await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await snap(phonePage, `${tag}-02-phone`);
      await phone.close();

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(`${base}/app/login`);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password', { exact: true }).fill(OLD_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Error: Invalid email or password').waitFor();
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${base}/app/dashboard`);
      await context.close();
    });

    it('uploads a logo, saves invoice settings, creates a sub-company and is refused deleting the parent', async () => {
      const { server, base, browser } = app;
      const tag = `${database.name}-company`;
      const owner = await registerUser(server, { name: 'Olivia Owner', password: OLD_PASSWORD });
      const company = await createCompany(server, owner.token, { name: 'Bravo Utilities' });
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      await loginAs(page, base, owner.email, OLD_PASSWORD, `${base}/app/dashboard`);

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Companies' }).click();
      await page.waitForURL(`${base}/app/companies`);
      await page.getByRole('gridcell', { name: 'Bravo Utilities' }).click();
      await page.waitForURL(`${base}/app/companies/${company.id}`);
      await page.getByRole('heading', { level: 1, name: 'Bravo Utilities' }).waitFor();

      await page.getByRole('tab', { name: 'Logo' }).click();
      await page.waitForURL(`${base}/app/companies/${company.id}/logo`);
      await page.getByLabel('Choose logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(96, 96, [30, 120, 200]) });
      await toast(page, 'Logo Added');
      const logo = await server.services.db.selectFrom('companies').select('logo_url').where('id', '=', company.id).executeTakeFirstOrThrow();
      expect(logo.logo_url).toMatch(/\/staticfiles\//);
      await page.locator(`h1 >> xpath=../.. >> img[src="${logo.logo_url}"]`).waitFor();
      await snap(page, `${tag}-01-logo`);

      await page.getByRole('tab', { name: 'Invoice settings' }).click();
      const invoice = page.getByRole('form', { name: 'Invoice settings' });
      await invoice.getByLabel('Invoice number prefix').fill('BRV-');
      await invoice.getByLabel('Next invoice number').fill('500');
      await invoice.getByLabel('Default retainage').fill('7.5');
      await invoice.getByLabel('Remit-to address').fill('Bravo Utilities\nPO Box 9\nAustin, TX 78701');
      await invoice.getByLabel(/Clients sign what they approve/).check();
      await invoice.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Invoice Settings Saved');
      const read = await server.call('GET', `/api/v1/companies/${company.id}`, { token: owner.token });
      expect(read.body.invoiceSettings).toMatchObject({ invoiceNumberPrefix: 'BRV-', nextInvoiceNumber: 500, defaultRetainagePercent: '7.5', clientSignature: true });

      await page.getByRole('tab', { name: 'Sub-companies' }).click();
      await page.getByText('No sub-companies yet.').waitFor();
      await page.getByRole('button', { name: 'New sub-company' }).click();
      const dialog = page.getByRole('dialog', { name: 'New sub-company of Bravo Utilities' });
      const subCompany = { name: 'bravo north', address: '9 North Road', city: 'Round Rock', zip: '78664', contactName: 'nina north', contactPhone: '15125550111', contactEmail: 'north@bravo.example' };
      await fillCompanyForm(page, subCompany, dialog);
      await toast(page, 'Company Created');
      const list = page.getByRole('list', { name: 'Sub-companies' });
      await list.getByRole('link', { name: 'Bravo North' }).waitFor();
      await snap(page, `${tag}-02-sub-companies`);

      await page.getByRole('button', { name: 'Delete company' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Bravo Utilities?' });
      await confirm.getByRole('button', { name: 'Delete company' }).click();
      await confirm.getByText('Delete the sub-companies first').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      // The sub-company goes first; then the parent may go, and the page says so.
      await list.getByRole('link', { name: 'Bravo North' }).click();
      await page.getByRole('heading', { level: 1, name: 'Bravo North' }).waitFor();
      await page.getByText('Sub-company of').waitFor();
      await page.getByRole('button', { name: 'Delete company' }).click();
      await page.getByRole('dialog', { name: 'Delete Bravo North?' }).getByRole('button', { name: 'Delete company' }).click();
      await toast(page, 'Company Deleted');
      await page.waitForURL(`${base}/app/companies`);
      await page.getByRole('gridcell', { name: 'Bravo Utilities' }).waitFor();
      expect(await page.getByRole('gridcell', { name: 'Bravo North' }).count()).toBe(0);

      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const phonePage = await phone.newPage();
      await loginAs(phonePage, base, owner.email, OLD_PASSWORD, `${base}/app/dashboard`);
      await phonePage.goto(`${base}/app/companies/${company.id}/invoice-settings`);
      await phonePage.getByRole('form', { name: 'Invoice settings' }).waitFor();
      expect(await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await snap(phonePage, `${tag}-03-phone`);
      await phone.close();
      await context.close();
    });
  });
}
