import type { BrowserContext } from 'playwright-core';
import { registerUser } from '../api/harness.js';
import { type BrowserApp, browserDatabases, snap, startBrowserApp } from './browser.js';

const OLD_PASSWORD = 'old-password-1';
const NEW_PASSWORD = 'new-password-2';
const PUBLIC_ORIGIN = 'http://fieldwork.test';

for (const database of browserDatabases(import.meta.url)) {
  describe(`password reset by e-mail link [${database.name}]`, () => {
    let app: BrowserApp;
    let context: BrowserContext;

    beforeAll(async () => {
      app = await startBrowserApp(database);
      context = await app.browser.newContext({ viewport: { width: 1366, height: 860 } });
    });

    afterAll(() => app?.stop());

    /** The newest outbox row for the address; the mail is queued after the answer, so it is polled for. */
    async function newestMailTo(email: string, timeoutMs = 10000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const row = await app.server.services.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('to_address', '=', email)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (row) return row;
        if (Date.now() > until) throw new Error(`no mail for ${email} in mail_outbox`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }

    const login = (email: string, password: string) =>
      app.server.call('POST', '/api/v1/users/login', { body: { email, password, remember: false } });

    it('asks for a link, follows it from the mail, sets a new password and is signed in; the link works once', async () => {
      const { server, base } = app;
      const { email } = await registerUser(server, { password: OLD_PASSWORD });
      const tag = database.name;
      const page = await context.newPage();

      await page.goto(`${base}/app/forgot-password`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.waitForURL(`${base}/app/forgot-password/requested`);
      // This server sends no mail (no SMTP_URL): the page sends the user to an administrator instead.
      await page.getByText('This server does not send e-mail: ask your administrator to pass the link on to you.').waitFor();

      const mail = await newestMailTo(email);
      expect(mail.status).toBe('kept');
      expect(mail.subject).toBe('Reset your Fieldwork password');
      const link = mail.text_body.match(/https?:\/\/\S+\/app\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
      expect(link, 'the mail carries a reset link').toBeTruthy();
      expect(link!.startsWith(`${PUBLIC_ORIGIN}/app/reset-password/`)).toBe(true);
      const resetUrl = `${base}${new URL(link!).pathname}`;

      await page.goto(resetUrl);
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await snap(page, `${tag}-reset-01-new-password`);
      await page.getByRole('button', { name: 'Save password' }).click();

      // Signed in straight away; with no company yet, the next stop is company registration.
      await page.waitForURL(`${base}/app/register/company`);
      await page.getByText('Password was changed').waitFor();
      await page.getByRole('button', { name: 'CREATE COMPANY' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('fieldwork.accessToken'))).toBeTruthy();
      await snap(page, `${tag}-reset-02-signed-in`);

      expect((await login(email, OLD_PASSWORD)).status).toBe(401);
      const fresh = await login(email, NEW_PASSWORD);
      expect(fresh.status).toBe(200);
      expect(fresh.body.user.email).toBe(email);

      // The same link a second time is spent.
      await page.goto(resetUrl);
      await page.getByLabel('New password', { exact: true }).fill('another-password-3');
      await page.getByLabel('Confirm new password').fill('another-password-3');
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByText('Error: This reset link is invalid or has expired.').waitFor();
      expect(page.url()).toBe(resetUrl);
      await snap(page, `${tag}-reset-03-link-spent`);
      expect((await login(email, 'another-password-3')).status).toBe(401);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
      await page.close();
    });
  });
}
