import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { addMember, ownerWithCompany } from '../api/harness.js';
import { pdfText } from '../api/pdf-text.js';
import { callAs, partner, sideOf } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp, savedCopy } from './browser.js';


/** Every cell's text of the first sheet, row by row, for reading a downloaded workbook back. */
async function sheetRows(file: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell((cell) => {
      if (cell.isMerged && cell.master !== cell) return;
      const v = cell.value as unknown;
      if (v === null || v === undefined) return;
      if (typeof v !== 'object' || v instanceof Date) return void cells.push(String(v));
      const o = v as { result?: unknown; text?: unknown; richText?: Array<{ text: string }> };
      cells.push(o.richText ? o.richText.map((t) => t.text).join('') : String(o.result ?? o.text ?? ''));
    });
    rows.push(cells);
  });
  return rows;
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), path: await savedCopy(file) };
}

for (const database of browserDatabases(import.meta.url)) {
  describe(`a crew's production, approved and billed [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('a crew leader records a production on a phone, a project manager approves it and bills it, the client approves the invoice and it is paid; the sheet and the PDF read back', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const owner = sideOf(await ownerWithCompany(server, 'Alpha Paving'));
      const client = sideOf(await ownerWithCompany(server, 'City Of Springfield'));
      await partner(server, owner, client, 'client');
      const pm = await addMember(server, owner.companyId, 'ProjectManager');
      const leader = await addMember(server, owner.companyId, 'CrewLeader');
      const clientPm = await addMember(server, client.companyId, 'ProjectManager');
      const leaderMembership = await server.services.db
        .selectFrom('memberships')
        .select('id')
        .where('user_id', '=', leader.user.id)
        .where('company_id', '=', owner.companyId)
        .executeTakeFirstOrThrow();
      expect((await callAs(server, owner, 'POST', '/crews', { name: 'Paving crew', leaders: [leaderMembership.id], members: [] })).status).toBe(201);
      const item = await callAs(server, owner, 'POST', '/items', { name: 'Conduit Two Inch', code: 'CD-2', unit: 'LF' });
      const project = await callAs(server, owner, 'POST', `/companies/${owner.companyId}/projects`, {
        projectName: 'Elm Street Resurfacing',
        code: 'ELM-26',
        clientId: client.companyId,
        timezone: 'America/Chicago',
      });
      expect(project.status).toBe(201);
      const { id: projectId, budgetId } = project.body;
      expect((await callAs(server, owner, 'POST', `/projects/${projectId}/budgets/${budgetId}/items`, { itemId: item.body.id, quantity: 1000, price: '12.35' })).status).toBe(201);

      // The crew leader's phone: a new production of 12.5 feet.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const field = await phone.newPage();
      await loginAs(field, base, leader.email, leader.password);
      await field.goto(`${base}/app-mobile/productions`);
      // The phone's own screen: Elm Street is the one project to record on and Paving crew the leader's one crew, both chosen.
      await field.getByRole('link', { name: 'Record production' }).click();
      await field.getByRole('combobox', { name: /Project/ }).filter({ hasText: 'ELM-26 · Elm Street Resurfacing' }).waitFor();
      await field.getByRole('combobox', { name: /Crew/ }).filter({ hasText: 'Paving crew' }).waitFor();
      await field.getByLabel(/^Day/).fill('2026-12-03');
      await field.getByLabel('Quantity of Conduit Two Inch').fill('12.5');
      await field.getByLabel('Notes on the day').fill('Conduit from 0+00 to 0+12.5');
      await snap(field, `${tag}-production-01-record-phone`);
      expect(await field.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await field.getByRole('button', { name: 'Save and submit' }).click();
      // Through the outbox: the list shows it at once, then as the server has it, submitted.
      await field.waitForURL(/\/app-mobile\/productions$/);
      const card = field.getByRole('listitem', { name: 'Paving crew, Dec 3, 2026' });
      await card.getByText('Submitted').waitFor();
      await card.click();
      await field.waitForURL(/\/app-mobile\/productions\/\d+$/);
      const productionId = Number(/\/productions\/(\d+)$/.exec(field.url())![1]);
      expect(await server.services.db.selectFrom('productions').select('status').where('id', '=', productionId).executeTakeFirstOrThrow()).toMatchObject({ status: 'submitted' });
      await field.getByText('12.5 LF').waitFor();
      await snap(field, `${tag}-production-02-submitted-phone`);
      // A crew leader records but does not approve.
      expect(await field.getByRole('button', { name: 'Approve' }).count()).toBe(0);

      // The project manager's desk: approve, then the daily sheet.
      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
      const page = await desk.newPage();
      await loginAs(page, base, pm.email, pm.password);
      await page.goto(`${base}/app/productions/inspect/${productionId}`);
      await page.getByText('Conduit Two Inch').first().waitFor();
      await page.getByRole('button', { name: 'Approve' }).click();
      const approve = page.getByRole('dialog', { name: 'Approve production' });
      await approve.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Production approved').first().waitFor();
      expect(await server.services.db.selectFrom('productions').select('status').where('id', '=', productionId).executeTakeFirstOrThrow()).toEqual({ status: 'approved' });
      await snap(page, `${tag}-production-03-approved`);

      const sheet = await download(page, () => page.getByRole('button', { name: 'Download daily sheet' }).click());
      expect(sheet.name).toBe('Daily_Production_Sheet_ELM-26_12032026.xlsx');
      const rows = await sheetRows(sheet.path);
      const line = rows.find((r) => r.includes('Conduit Two Inch'));
      expect(line, 'the sheet lists the item').toBeTruthy();
      expect(line).toContain('12.5');
      expect(rows.flat().join(' ')).toContain('Paving crew');

      // Billing: a new invoice from the approved production, sent to the client.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invoices' }).click();
      await page.waitForURL(`${base}/app/invoices`);
      await page.getByRole('button', { name: /New invoice/i }).click();
      const pick = page.getByRole('dialog', { name: 'New invoice' });
      await pick.getByRole('combobox', { name: 'Project' }).fill('Elm');
      await page.getByRole('option', { name: /Elm Street Resurfacing/ }).click();
      await pick.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(new RegExp(`/app/invoices/new/${projectId}`));
      await page.getByLabel('Select all loaded items').check();
      // 12.5 × 12.35 = 154.375, a line rounded half up to the cent.
      await page.getByLabel('Invoice totals').getByText('$154.38').first().waitFor();
      await snap(page, `${tag}-production-04-invoice-new`);
      await page.getByRole('button', { name: 'Save and send' }).click();
      await page.getByText('Invoice Sent').first().waitFor();
      await page.waitForURL(/\/app\/invoices\/\d+$/);
      const invoiceId = Number(/\/invoices\/(\d+)$/.exec(page.url())![1]);

      // The client approves it at its own desk.
      const clientDesk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const clientPage = await clientDesk.newPage();
      await loginAs(clientPage, base, clientPm.email, clientPm.password);
      await clientPage.goto(`${base}/app/invoices/${invoiceId}`);
      await clientPage.getByText('Conduit Two Inch').first().waitFor();
      await clientPage.getByRole('button', { name: 'Approve', exact: true }).click();
      await clientPage.getByRole('dialog', { name: 'Approve invoice' }).getByRole('button', { name: 'Approve' }).click();
      await clientPage.getByText('Invoice approved').first().waitFor();
      await snap(clientPage, `${tag}-production-05-invoice-approved-by-client`);

      // Paid in full at the desk; the PDF reads back.
      await page.reload();
      await page.getByRole('button', { name: 'Mark as paid', exact: true }).click();
      const paid = page.getByRole('dialog', { name: 'Mark as paid' });
      await paid.getByRole('button', { name: 'Mark as paid' }).click();
      await page.getByText('Invoice has been paid').first().waitFor();
      const stored = await server.services.db.selectFrom('invoices').select(['status', 'subtotal_cents', 'paid_cents', 'number']).where('id', '=', invoiceId).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: 'paid', subtotal_cents: 15438, paid_cents: 15438 });
      await snap(page, `${tag}-production-06-invoice-paid`);

      const pdf = await download(page, () => page.getByRole('button', { name: 'Download PDF' }).click());
      const { text } = await pdfText(await readFile(pdf.path));
      expect(text).toContain(stored.number);
      expect(text).toContain('City Of Springfield');
      expect(text).toContain('154.38');

      await Promise.all([phone.close(), desk.close(), clientDesk.close()]);
    });
  });
}
