import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { addMember, ownerWithCompany } from '../api/harness.js';
import { pdfText } from '../api/pdf-text.js';
import { callAs, partner, type CompanySide } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, chooseOption, loginAs, snap, startBrowserApp, savedCopy } from './browser.js';

/** Draws a signature-like stroke across the pad with the mouse (or a finger on a touch screen). */
async function drawSignature(page: Page) {
  const pad = page.getByLabel('Signature pad: draw your signature here');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width * (0.1 + i * 0.06), box.y + box.height * (0.6 - 0.25 * Math.sin(i / 2)), { steps: 3 });
  await page.mouse.up();
}

for (const database of browserDatabases(import.meta.url)) {
  describe(`a project's budget, reviewed and signed outside the company [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('creates a project, builds and submits its budget, the client signs it from the mailed link without logging in, and the signed PDF reads back', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const owner = await ownerWithCompany(server, 'Alpha Paving');
      const ownerSide: CompanySide = { token: owner.token, user: owner.user, email: owner.email, companyId: owner.company.id, companyName: owner.company.name, headers: { 'x-company-id': String(owner.company.id) } };
      const clientOwner = await ownerWithCompany(server, 'City Of Springfield');
      const clientSide: CompanySide = { token: clientOwner.token, user: clientOwner.user, email: clientOwner.email, companyId: clientOwner.company.id, companyName: clientOwner.company.name, headers: { 'x-company-id': String(clientOwner.company.id) } };
      await partner(server, ownerSide, clientSide, 'client');
      const reviewer = await addMember(server, clientSide.companyId, 'ProjectManager');
      await server.services.db.updateTable('users').set({ name: 'Rita Reviewer' }).where('id', '=', reviewer.user.id).execute();
      await server.services.db.updateTable('memberships').set({ name: 'Rita Reviewer' }).where('user_id', '=', reviewer.user.id).execute();
      for (const item of [
        { name: 'Asphalt Overlay', code: 'AO-1', unit: 'SF' },
        { name: 'Conduit Two Inch', code: 'CD-2', unit: 'LF' },
      ]) {
        const res = await callAs(server, ownerSide, 'POST', '/items', item);
        expect(res.status).toBe(201);
      }

      // The project manager's desk: a new project for the client.
      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
      const page = await desk.newPage();
      await loginAs(page, base, owner.email, owner.password);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects' }).click();
      await page.waitForURL(`${base}/app/projects`);
      await page.getByRole('button', { name: 'New Project' }).click();
      const form = page.getByRole('dialog', { name: 'New Project' });
      await form.getByLabel('Project name').fill('Elm Street Resurfacing');
      await form.getByRole('textbox', { name: /^Code/ }).fill('ELM-26');
      await form.getByLabel('Client', { exact: true }).click();
      await chooseOption(page, 'City Of Springfield');
      await form.getByLabel('Start date').fill('2026-12-01');
      await form.getByLabel('End date').fill('2027-02-26');
      await snap(page, `${tag}-project-01-new`);
      await form.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Project Created').first().waitFor();
      await page.waitForURL(/\/app\/projects\/\d+/);
      const projectId = Number(/\/projects\/(\d+)/.exec(page.url())![1]);
      const project = await server.services.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
      expect(project).toMatchObject({ project_name: 'Elm Street Resurfacing', code: 'ELM-26', client_id: clientSide.companyId, start_date: '2026-12-01', end_date: '2027-02-26' });

      // The budget: two catalog items with awkward money, then submitted with retainage.
      await page.getByRole('tab', { name: 'Budget' }).click();
      // An empty budget offers to add items at once.
      const prompt = page.getByRole('dialog', { name: 'Add items to the budget?' });
      await prompt.getByRole('button', { name: 'Add several items' }).click();
      const many = page.getByRole('dialog', { name: 'Add several items' });
      await many.getByLabel('Add Asphalt Overlay').check();
      await many.getByLabel('Quantity of Asphalt Overlay').fill('3');
      await many.getByLabel('Unit price of Asphalt Overlay').fill('0.1');
      await many.getByLabel('Add Conduit Two Inch').check();
      await many.getByLabel('Quantity of Conduit Two Inch').fill('1000000');
      await many.getByLabel('Unit price of Conduit Two Inch').fill('999999.99');
      await many.getByRole('button', { name: 'Add 2 items' }).click();
      await many.waitFor({ state: 'detached' });
      const grid = page.getByRole('grid', { name: 'Budget items' });
      await grid.getByText('Conduit Two Inch').waitFor();
      await page.getByText('$999,999,990,000.30').first().waitFor();
      await snap(page, `${tag}-project-02-budget`);

      await page.getByRole('button', { name: 'Submit for review' }).click();
      const submit = page.getByRole('dialog', { name: 'Submit budget for review' });
      await submit.getByLabel('Retainage').fill('33.333');
      await submit.getByRole('button', { name: 'Submit', exact: true }).click();
      await submit.waitFor({ state: 'detached' });
      await page.getByText('In review').first().waitFor();

      await page.getByRole('button', { name: 'Request review' }).click();
      const ask = page.getByRole('dialog', { name: 'Request a review' });
      await ask.getByRole('combobox', { name: 'Reviewer' }).fill('Rita');
      await page.getByRole('option', { name: /Rita Reviewer/ }).click();
      await ask.getByRole('button', { name: 'Request review' }).click();
      await page.getByText('Review requested from Rita Reviewer').first().waitFor();

      // The reviewer's phone: the mailed link, no login, no app chrome.
      const mail = await server.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', reviewer.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
      const link = /http:\/\/fieldwork\.test(\/app\/projects\/\d+\/budget\/[A-Za-z0-9_-]+\/review\/[A-Za-z0-9_-]+\/review)\b/.exec(mail.text_body)?.[1];
      expect(link, 'the mail carries the review link').toBeTruthy();
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true });
      const reviewerPage = await phone.newPage();
      await reviewerPage.goto(`${base}${link}`);
      await reviewerPage.getByText('Elm Street Resurfacing').first().waitFor();
      await reviewerPage.getByText('Conduit Two Inch').first().waitFor();
      expect(await reviewerPage.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      expect(await reviewerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await snap(reviewerPage, `${tag}-project-03-review-link`);
      await reviewerPage.getByRole('button', { name: 'Approve and sign' }).click();
      const signature = reviewerPage.getByRole('dialog', { name: 'Approve and sign' });
      expect(await signature.getByLabel('Your full name').inputValue()).toBe('Rita Reviewer');
      await drawSignature(reviewerPage);
      await snap(reviewerPage, `${tag}-project-04-signature`);
      await signature.getByRole('button', { name: 'Sign' }).click();
      await reviewerPage.getByText('Budget approved. Thank you.').first().waitFor();
      await snap(reviewerPage, `${tag}-project-05-signed`);

      // Back at the desk the budget reads approved, and its signed PDF downloads.
      await page.reload();
      await page.getByText('Approved').first().waitFor();
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download signed PDF' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^Budget_ELM-26.*\.pdf$/);
      const { text } = await pdfText(await readFile(await savedCopy(download)));
      for (const expected of ['Elm Street Resurfacing', 'City Of Springfield', 'Asphalt Overlay', 'Conduit Two Inch', '999,999,990,000.30', 'Rita Reviewer', 'Approved budget']) {
        expect(text, expected).toContain(expected);
      }
      await snap(page, `${tag}-project-06-approved`);
      const review = await server.services.db.selectFrom('budget_reviews').selectAll().where('reviewer_email', '=', reviewer.email).executeTakeFirstOrThrow();
      expect(review).toMatchObject({ status: 'approved', status_reason: 'Approved budget', signer_name: 'Rita Reviewer' });
      expect(review.signature_file_id).not.toBeNull();
      await desk.close();
      await phone.close();
    });
  });
}
