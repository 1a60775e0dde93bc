import type { Request } from 'playwright-core';
import { addMember, ownerWithCompany, TINY_PNG } from '../api/harness.js';
import { callAs, sideOf } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, chooseOption, dragUntilSent, loginAs, snap, startBrowserApp } from './browser.js';


for (const database of browserDatabases(import.meta.url)) {
  describe(`a task from the project page to the board [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('a project manager creates a task with a decimal quantity, attaches a photo, comments, and moves it on the board; an illegal drop goes back with the message', async () => {
      const { server, base, browser } = app;
      const tag = database.name;
      const owner = sideOf(await ownerWithCompany(server, 'Tasks Paving'));
      const pm = await addMember(server, owner.companyId, 'ProjectManager');
      expect((await callAs(server, owner, 'POST', '/crews', { name: 'Trench crew', leaders: [], members: [] })).status).toBe(201);
      const item = await callAs(server, owner, 'POST', '/items', { name: 'Trench Backfill', code: 'TB-1', unit: 'CY' });
      const project = await callAs(server, owner, 'POST', `/companies/${owner.companyId}/projects`, { projectName: 'Oak Avenue Fiber', code: 'OAK-9', timezone: 'America/Chicago' });
      const { id: projectId, budgetId } = project.body;
      expect((await callAs(server, owner, 'POST', `/projects/${projectId}/budgets/${budgetId}/items`, { itemId: item.body.id, quantity: 100, price: '40.00' })).status).toBe(201);

      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await desk.newPage();
      await loginAs(page, base, pm.email, pm.password);
      await page.goto(`${base}/app/projects/${projectId}/tasks`);
      await page.getByRole('button', { name: 'New task' }).click();
      const form = page.getByRole('dialog', { name: 'New task' });
      await form.getByLabel(/^Summary/).fill('Backfill the north trench');
      await form.getByRole('combobox', { name: 'Crew' }).click();
      await chooseOption(page, 'Trench crew');
      await form.getByLabel('Start date').fill('2026-12-07');
      await form.getByLabel('End date').fill('2026-12-09');
      await form.getByLabel('Pick Trench Backfill').check();
      await form.getByLabel('Quantity of Trench Backfill').fill('12.375');
      await snap(page, `${tag}-tasks-01-new`);
      await form.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Task Created').first().waitFor();
      await page.waitForURL(/\/tasks\/\d+$/);
      const taskId = Number(/\/tasks\/(\d+)$/.exec(page.url())![1]);
      await page.getByText('12.375 CY').waitFor();

      // A photo, with its progress, then a comment.
      await page.getByLabel('Add photos').setInputFiles({ name: 'trench.png', mimeType: 'image/png', buffer: TINY_PNG });
      await page.getByRole('img', { name: 'trench.png' }).waitFor();
      await page.getByLabel('Comment').fill('Watch the gas line at 0+40');
      await page.getByRole('button', { name: 'Add comment' }).click();
      await page.getByRole('list', { name: 'Comments' }).getByText('Watch the gas line at 0+40').waitFor();
      await page.getByText('Task comment added').first().waitFor();
      await snap(page, `${tag}-tasks-02-page`);

      // The board: drag the card from Open to In progress.
      await page.goto(`${base}/app/tasks?view=board`);
      const open = page.getByRole('region', { name: 'Open' });
      const card = open.locator(`[data-task-id="${taskId}"][draggable="true"]`);
      await card.waitFor();
      const isMove = (request: Request) => request.method() === 'PATCH' && new URL(request.url()).pathname.endsWith(`/tasks/${taskId}`);
      await dragUntilSent(page, card, page.getByRole('region', { name: 'In progress' }), isMove);
      await page.getByRole('region', { name: 'In progress' }).locator(`[data-task-id="${taskId}"]`).waitFor();
      await expect.poll(async () => (await callAs(server, owner, 'GET', `/tasks/${taskId}`)).body.status).toBe('progress');
      // Completed, then an illegal drop back to Open: the server's 409 shows and the card goes back.
      await page.getByRole('region', { name: 'In progress' }).getByRole('button', { name: 'Move Backfill the north trench' }).click();
      await page.getByRole('menuitem', { name: 'Move to Completed' }).click();
      // Draggable again once the move is saved (a card on its way is not).
      const done = page.getByRole('region', { name: 'Completed' }).locator(`[data-task-id="${taskId}"][draggable="true"]`);
      await done.waitFor();
      const refused = await dragUntilSent(page, done, page.getByRole('region', { name: 'Open' }), isMove);
      expect((await refused.response())?.status()).toBe(409);
      // The message hides after 6 s: read it before the screenshot, which a loaded machine makes slowly.
      await page.getByRole('alert').getByText('A task that is completed cannot move to open').waitFor();
      await snap(page, `${tag}-tasks-03-refused`);
      await page.getByRole('region', { name: 'Completed' }).locator(`[data-task-id="${taskId}"]`).waitFor();
      expect((await callAs(server, owner, 'GET', `/tasks/${taskId}`)).body.status).toBe('completed');
      await snap(page, `${tag}-tasks-03-board`);

      // The board at phone width scrolls its columns sideways, the page itself does not.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const field = await phone.newPage();
      await loginAs(field, base, pm.email, pm.password);
      await field.goto(`${base}/app-mobile/tasks?view=board`);
      await field.getByRole('region', { name: 'Completed' }).locator(`[data-task-id="${taskId}"]`).waitFor();
      expect(await field.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await snap(field, `${tag}-tasks-04-board-phone`);
      await desk.close();
      await phone.close();
    });
  });
}
