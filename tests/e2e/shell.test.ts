import type { Page } from 'playwright-core';
import { ownerWithCompany } from '../api/harness.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

/** Every visible button, link and field of the toolbar with its box. */
const toolbarTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('header button, header a, header input')]
      .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent ?? '', box: el.getBoundingClientRect() }))
      .filter((t) => t.box.width > 0 && t.box.height > 0)
      .map((t) => ({ name: t.name, width: Math.round(t.box.width), height: Math.round(t.box.height), right: Math.round(t.box.right) })),
  );

for (const database of browserDatabases(import.meta.url)) {
  describe(`the shell in the browser [${database.name}]`, () => {
    let app: BrowserApp;
    beforeAll(async () => {
      app = await startBrowserApp(database);
    });
    afterAll(() => app?.stop());

    it('on a phone keeps every toolbar target at 40 px or more without overflowing; on a desk stars a shortcut, tours the shell and boxes it', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const owner = await ownerWithCompany(server, 'Shell Paving & Utilities');

      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const phonePage = await phone.newPage();
      await loginAs(phonePage, base, owner.email, owner.password, `${base}/app/dashboard`);
      await phonePage.getByTestId('plan-badge').waitFor();
      const targets = await toolbarTargets(phonePage);
      expect(targets.map((t) => t.name)).toEqual(expect.arrayContaining(['Open navigation', 'Search screens', 'Upgrade: see the subscription', 'More', 'Account menu']));
      for (const t of targets) {
        expect(t.width, t.name).toBeGreaterThanOrEqual(40);
        expect(t.height, t.name).toBeGreaterThanOrEqual(40);
        expect(t.right, t.name).toBeLessThanOrEqual(390);
      }
      expect(await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await snap(phonePage, `${tag}-shell-01-phone-toolbar`);
      await phone.close();

      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      await loginAs(page, base, owner.email, owner.password, `${base}/app/dashboard`);
      await page.getByRole('button', { name: 'Shortcuts' }).click();
      const screens = page.getByRole('list', { name: 'All screens' });
      await screens.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Members', exact: true }) }).last().getByRole('button', { name: 'Add to shortcuts' }).click();
      await screens.getByRole('button', { name: 'Remove from shortcuts' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('banner').getByRole('link', { name: 'Members (shortcut)' }).click();
      await page.waitForURL(`${base}/app/members`);
      const saved = await server.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${owner.token}` } });
      expect(saved.json().user.shortcuts).toEqual(['members']);

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Take the tour' }).click();
      await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('dialog', { name: 'Search' }).waitFor();
      await snap(page, `${tag}-shell-02-tour`);
      await page.getByRole('button', { name: 'Exit' }).click();
      await page.getByRole('dialog', { name: 'Search' }).waitFor({ state: 'detached' });

      // Boxed from the settings drawer (Alt+S): at 1920 px the navbar sits inside the 1280 px box.
      await page.setViewportSize({ width: 1920, height: 960 });
      await page.keyboard.press('Alt+s');
      const drawer = page.getByRole('dialog', { name: 'Settings' });
      await drawer.getByLabel('Boxed layout (the whole app in a 1280 px box on wide screens)').check();
      await drawer.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved').first().waitFor();
      await drawer.getByRole('button', { name: 'Close settings' }).click();
      await drawer.waitFor({ state: 'detached' });
      const nav = await page.getByRole('navigation', { name: 'Main navigation' }).first().boundingBox();
      const bar = await page.getByRole('banner').boundingBox();
      expect(nav!.x).toBeCloseTo((1920 - 1280) / 2, 0);
      expect(bar!.x + bar!.width).toBeCloseTo((1920 + 1280) / 2, 0);
      await snap(page, `${tag}-shell-03-boxed-1920`);
      await context.close();
    });
  });
}
