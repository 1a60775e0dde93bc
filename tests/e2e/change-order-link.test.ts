import { changeOrderToken, changeOrderWorld, clientWithoutMembers, mailsTo, as } from '../api/change-orders-helpers.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';

for (const database of browserDatabases(import.meta.url)) {
  describe(`a change order accepted by a client without an account [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('the owner sends it, the contact accepts it on a phone from the mailed link without logging in, and the owner sees it accepted', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const w = await changeOrderWorld(server);
      const contact = await clientWithoutMembers(server, w);
      const draft = await as(server, w.owner.owner)('POST', w.url, { itemId: w.items.asphalt, quantity: 120, price: '13.00', description: 'Two more tons at the corner' });
      expect(draft.status).toBe(201);

      // The owner's desk: send it from the change orders tab; the contact is proposed.
      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await desk.newPage();
      await loginAs(page, base, w.owner.owner.email!, w.owner.owner.password!);
      await page.goto(`${base}/app/projects/${w.projectId}/budget/change-orders`);
      const grid = page.getByRole('grid', { name: 'Change orders' });
      await grid.getByRole('menuitem', { name: 'Send change order #1' }).click();
      const send = page.getByRole('dialog', { name: 'Send change order #1' });
      await expect.poll(() => send.getByRole('textbox', { name: 'Client contact’s e-mail' }).inputValue()).toBe(contact.email);
      await send.getByRole('button', { name: 'Send' }).click();
      await page.getByText(`Change order #1 sent to ${contact.email}`).waitFor();
      const waiting = page.getByLabel('Waiting change orders');
      await waiting.getByText(`Waiting for Client Utilities: sent to ${contact.email} on`).waitFor();
      await snap(page, `change-order-sent-1366-${tag}`);

      // The contact's phone: a fresh browser, no session, the link from the mail.
      const mails = await mailsTo(server, contact.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.attachments.map((a) => a.filename)).toEqual(['ChangeOrder_MAIN_1.pdf']);
      const token = changeOrderToken(mails[0]!.text_body);
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const mobile = await phone.newPage();
      await mobile.goto(`${base}/app/decide/change-order/${token}`);
      await mobile.getByRole('heading', { name: 'Change order #1' }).waitFor();
      await mobile.getByText('+$310.00').waitFor();
      // Nothing sideways on a phone, and the decisions in reach.
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const accept = mobile.getByRole('button', { name: 'Accept' });
      const box = (await accept.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(box.height).toBeGreaterThanOrEqual(40);
      await snap(mobile, `change-order-link-390-${tag}`);
      await accept.click();
      const dialog = mobile.getByRole('dialog', { name: 'Accept the change order' });
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await mobile.getByText('Change order #1 accepted. Thank you: Owner Paving is told.').waitFor();
      await snap(mobile, `change-order-link-accepted-390-${tag}`);
      await phone.close();

      // Accepted once: the item took the new values, and the owner sees who decided and how.
      const item = await server.services.db.selectFrom('budget_items').select(['quantity', 'price_cents']).where('id', '=', w.items.asphalt).executeTakeFirstOrThrow();
      expect(item).toEqual({ quantity: 120, price_cents: 1300 });
      await page.reload();
      await grid.getByText('Accepted', { exact: true }).waitFor();
      await grid.getByText(/Accepted by Alex Payable .* through the e-mailed link/).waitFor();
      expect(await page.getByLabel('Waiting change orders').count()).toBe(0);
      await snap(page, `change-order-accepted-1366-${tag}`);
      await desk.close();
    });
  });
}
