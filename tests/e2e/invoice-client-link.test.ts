import { side } from '../api/budgets-helpers.js';
import { mailTo, memberlessClient, tokenIn } from '../api/invoices-client-helpers.js';
import { billing, createInvoice, invoiceWorld, production } from '../api/invoices-helpers.js';
import { type BrowserApp, browserDatabases, chooseOption, loginAs, snap, startBrowserApp } from './browser.js';

for (const database of browserDatabases(import.meta.url)) {
  describe(`an invoice decided through the mailed link [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('the owner sends an invoice to a client without users, the link approves it without login on a phone, and two payments make it paid', async () => {
      const { server, base, browser } = app;
      const tag = `${database.name}-invoice-link`;
      const w = await invoiceWorld(server);
      const { email: contact } = await memberlessClient(server, w);
      const p = await production(server, w, 'owner', [[w.budgetItems.asphalt, 96_000]]);
      const invoice = await createInvoice(server, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p), retainage: 0 });

      // The owner sends it from the desk.
      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await desk.newPage();
      await loginAs(page, base, w.owner.email, 'secret123');
      await page.goto(`${base}/app/invoices/${invoice.id}`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Send invoice' });
      await confirm.getByText(`${contact} gets it as a PDF`).waitFor();
      await confirm.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Invoice Sent').first().waitFor();
      await page.getByText(new RegExp(`Waiting for Hill Country Power: sent to ${contact.replace('.', '\\.')} on`)).waitFor();
      await snap(page, `${tag}-01-sent-waiting`);

      const [mail] = await mailTo(server, contact);
      expect(mail!.attachments[0]!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const token = tokenIn(mail!.text_body);

      // The client's contact opens the link on a phone, signed in nowhere.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const field = await phone.newPage();
      await field.goto(`${base}/app/decide/invoice/${token}`);
      await field.getByRole('heading', { name: `Invoice ${invoice.number}` }).waitFor();
      await field.getByText('$1,200.00').first().waitFor();
      expect(await field.getByRole('navigation').count()).toBe(0);
      const approve = field.getByRole('button', { name: 'Approve', exact: true });
      expect(await approve.isVisible()).toBe(true);
      await snap(field, `${tag}-02-link-phone`);
      await approve.click();
      const dialog = field.getByRole('dialog', { name: 'Approve invoice' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await field.getByText(/Invoice approved/).first().waitFor();
      expect(await field.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
      await snap(field, `${tag}-03-approved-phone`);

      // The owner records two payments: part by check, then the rest.
      await page.reload();
      await page.getByText(/Approved by Jane Roe .* through the e-mailed link/).waitFor();
      await page.getByRole('button', { name: 'Record payment' }).click();
      const payment = page.getByRole('dialog', { name: 'Record payment' });
      await payment.getByLabel(/Amount/).fill('500');
      await payment.getByLabel('Method').click();
      await chooseOption(page, 'Check');
      await payment.getByLabel('Reference').fill('CHK 118');
      await payment.getByRole('button', { name: 'Record payment' }).click();
      await page.getByText('Invoice has been partially paid').first().waitFor();
      await page.getByRole('button', { name: 'Mark as paid' }).click();
      const paid = page.getByRole('dialog', { name: 'Mark as paid' });
      await paid.getByRole('button', { name: 'Mark as paid' }).click();
      await page.getByText('Invoice has been paid').first().waitFor();
      const stored = await server.services.db.selectFrom('invoices').select(['status', 'paid_cents']).where('id', '=', invoice.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: 'paid', paid_cents: 120000 });
      const payments = page.getByRole('table', { name: 'Transactions' });
      await payments.getByText('Check · CHK 118').waitFor();
      await payments.getByText('$700.00').waitFor();
      expect(await payments.getByText('Owner Paving').count()).toBe(2);
      await snap(page, `${tag}-04-paid`);

      // The same page on a phone.
      const small = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const smallPage = await small.newPage();
      await loginAs(smallPage, base, w.owner.email, 'secret123');
      await smallPage.goto(`${base}/app/invoices/${invoice.id}`);
      await smallPage.getByText(/Approved by Jane Roe/).waitFor();
      await snap(smallPage, `${tag}-05-paid-phone`);

      await Promise.all([desk.close(), phone.close(), small.close()]);
    });
  });
}
