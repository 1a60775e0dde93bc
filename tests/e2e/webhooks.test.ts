import { verifySignature } from '../../server/lib/webhooks/signing.js';
import { productionWorld, recordProduction } from '../api/productions-helpers.js';
import { call } from '../api/budgets-helpers.js';
import { startReceiver } from '../api/webhook-receiver.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

// The receiver listens on 127.0.0.1: private addresses are allowed for this server, as for tests.
const WEBHOOKS = { allowPrivate: true, timeoutMs: 5000, retryBaseMs: 500, retryMaxMs: 2000, retryForMs: 60_000 };

for (const database of browserDatabases(import.meta.url)) {
  describe(`webhooks in the browser [${database.name}]`, () => {
    let app: BrowserApp;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;

    beforeAll(async () => {
      app = await startBrowserApp(database, { webhooks: WEBHOOKS });
      receiver = await startReceiver();
    });

    afterAll(async () => {
      await receiver?.close();
      await app?.stop();
    });

    it('an owner registers a webhook, a production is approved, and the signed delivery arrives and is listed', async () => {
      const { server: s, base, browser } = app;
      const w = await productionWorld(s);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await loginAs(page, base, w.owner.email, 'secret123');
      await page.goto(`${base}/app/companies/${w.owner.companyId}/webhooks`);
      await page.getByText('No webhooks yet.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await page.getByLabel('Endpoint URL').fill(receiver.url);
      await page.getByLabel('Production approved').check();
      await snap(page, `${database.name}-webhook-dialog`);
      await page.getByRole('button', { name: 'Save' }).click();
      const secret = (await page.getByLabel('Signing secret').locator('code').textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      await snap(page, `${database.name}-webhook-secret`);

      // The owner's own crew produces; its project manager submits and approves it.
      const p = await recordProduction(s, w, w.people.ownerLeader);
      expect((await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}/submit`)).status).toBe(200);
      expect((await call(s, w.people.ownerPm)('POST', `/production/${p.id}/approve`, {})).body.status).toBe('approved');

      // The server's own job runner sends it.
      for (let i = 0; i < 100 && !receiver.received.length; i++) await new Promise((r) => setTimeout(r, 100));
      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0]!;
      expect(verifySignature(secret, got.body, got.headers['fieldwork-signature'] as string)).toBe(true);
      expect(got.json).toMatchObject({ event: 'production.approved', companyId: w.owner.companyId, data: { id: p.id, status: 'approved' } });

      await page.reload();
      await page.getByRole('button', { name: 'Deliveries' }).click();
      const table = page.getByRole('table', { name: 'Deliveries' });
      await table.getByText('Delivered').waitFor();
      await table.getByRole('cell', { name: '200' }).waitFor();
      await snap(page, `${database.name}-webhook-deliveries`);
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, `${database.name}-webhook-deliveries-phone`);
      await context.close();
    }, 120_000);
  });
}
