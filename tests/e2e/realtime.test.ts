import { addMember, ownerWithCompany } from '../api/harness.js';
import { callAs, sideOf } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, loginAs, snap, startBrowserApp } from './browser.js';


for (const database of browserDatabases(import.meta.url)) {
  describe(`real time between two people of one company [${database.name}]`, () => {
    let app: BrowserApp;

    beforeAll(async () => {
      app = await startBrowserApp(database);
    });

    afterAll(() => app?.stop());

    it('a production approved at one desk shows a toast and updates the grid at the other, a chat message crosses, and the navigation search finds a screen by keyboard', async () => {
      const { server, base, browser } = app;
      const tag = `${database.name}-realtime`;
      const ownerAccount = await ownerWithCompany(server, 'Riverside Utilities');
      const owner = sideOf(ownerAccount);
      const pm = await addMember(server, owner.companyId, 'ProjectManager');
      const leader = await addMember(server, owner.companyId, 'CrewLeader');
      // Everyone the harness registers is "Test Person": give the two who chat names of their own.
      const rename = async (userId: number, name: string) => {
        await server.services.db.updateTable('users').set({ name }).where('id', '=', userId).execute();
        await server.services.db.updateTable('memberships').set({ name }).where('user_id', '=', userId).execute();
      };
      await rename(ownerAccount.user.id, 'Olivia Owner');
      await rename(pm.user.id, 'Priya Manager');
      const membershipOf = (userId: number) =>
        server.services.db.selectFrom('memberships').select('id').where('user_id', '=', userId).where('company_id', '=', owner.companyId).executeTakeFirstOrThrow();
      const crew = await callAs(server, owner, 'POST', '/crews', { name: 'Boring crew', leaders: [(await membershipOf(leader.user.id)).id], members: [] });
      expect(crew.status).toBe(201);
      const item = await callAs(server, owner, 'POST', '/items', { name: 'Directional Bore', code: 'DB-4', unit: 'LF' });
      const project = await callAs(server, owner, 'POST', `/companies/${owner.companyId}/projects`, { projectName: 'Harbor Fiber Loop', code: 'HFL-7' });
      expect(project.status).toBe(201);
      const { id: projectId, budgetId } = project.body;
      const budgetItem = await callAs(server, owner, 'POST', `/projects/${projectId}/budgets/${budgetId}/items`, { itemId: item.body.id, quantity: 500, price: '18.40' });
      expect(budgetItem.status).toBe(201);
      const leaderSide = { token: leader.token, headers: owner.headers };
      const pmSide = { token: pm.token, headers: owner.headers };
      const recorded = await callAs(server, leaderSide, 'POST', `/production/project/${projectId}`, {
        crewId: crew.body.id,
        date: '2026-11-20',
        items: [{ budgetItemId: budgetItem.body.id, quantity: '40' }],
      });
      expect(recorded.status).toBe(201);
      const productionId = recorded.body.id as number;
      expect((await callAs(server, pmSide, 'PATCH', `/production/${productionId}/submit`)).status).toBe(200);

      // The owner watches the productions grid; the project manager reviews at another desk.
      const watching = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const watcher = await watching.newPage();
      await loginAs(watcher, base, ownerAccount.email, ownerAccount.password);
      await watcher.goto(`${base}/app/productions`);
      const row = watcher.getByRole('row', { name: /Boring crew/ });
      await row.waitFor();
      expect(await row.textContent()).toMatch(/Submitted|In review|Pending/i);

      const reviewing = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const reviewer = await reviewing.newPage();
      await loginAs(reviewer, base, pm.email, pm.password);
      await reviewer.goto(`${base}/app/productions/inspect/${productionId}`);
      await reviewer.getByText('Directional Bore').first().waitFor();
      await reviewer.getByRole('button', { name: 'Approve' }).click();
      await reviewer.getByRole('dialog', { name: 'Approve production' }).getByRole('button', { name: 'Approve' }).click();
      await reviewer.getByText('Production approved').first().waitFor();

      // Without a reload: the toast at the top centre, the grid's row approved, the bell counting it.
      const toast = watcher.getByTestId('notification-toast');
      await toast.waitFor({ timeout: 10_000 });
      expect(await toast.textContent()).toContain('was approved');
      const box = (await toast.boundingBox())!;
      expect(Math.abs(box.x + box.width / 2 - 683)).toBeLessThan(40);
      expect(box.y).toBeLessThan(120);
      await watcher.getByRole('row', { name: /Boring crew.*Approved/ }).waitFor({ timeout: 10_000 });
      await snap(watcher, `${tag}-01-toast-and-live-grid`);

      // Team chat: the owner writes to the project manager, who sees it arrive in an open panel.
      await reviewer.getByRole('button', { name: /Team chat/ }).first().click();
      const reviewerChat = reviewer.getByRole('dialog', { name: 'Team chat' });
      await reviewerChat.getByRole('list', { name: 'Contacts' }).waitFor();
      await watcher.getByRole('button', { name: /Team chat/ }).first().click();
      const ownerChat = watcher.getByRole('dialog', { name: 'Team chat' });
      await ownerChat.getByRole('button', { name: /^Priya Manager/ }).click();
      const composer = ownerChat.getByRole('textbox', { name: 'Message' });
      await composer.fill('   ');
      expect(await ownerChat.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      await composer.fill('Bore pit at station 12 is ready');
      await composer.press('Enter');
      await ownerChat.getByTestId('chat-message').filter({ hasText: 'Bore pit at station 12 is ready' }).waitFor();
      expect(await composer.inputValue()).toBe('');
      await reviewerChat.getByRole('button', { name: /^Olivia Owner.*1 unread/ }).click();
      await reviewerChat.getByTestId('chat-message').filter({ hasText: 'Bore pit at station 12 is ready' }).waitFor();
      await snap(reviewer, `${tag}-02-chat-received`);
      await reviewer.keyboard.press('Escape');
      await reviewerChat.waitFor({ state: 'hidden' });

      // The navigation search, by keyboard only.
      await reviewer.keyboard.press('Control+k');
      await reviewer.keyboard.type('invoi');
      const invoices = reviewer.getByRole('option', { name: /^Invoices\b/ });
      await invoices.waitFor();
      // Down through the suggestions until the Invoices screen is the highlighted one.
      for (let i = 0; i < 10 && (await invoices.getAttribute('aria-selected')) !== 'true' && !(await invoices.evaluate((el) => el.classList.contains('Mui-focused'))); i++) {
        await reviewer.keyboard.press('ArrowDown');
      }
      await reviewer.keyboard.press('Enter');
      await reviewer.waitForURL(/\/app\/invoices$/);
      await snap(reviewer, `${tag}-03-search-went-to-invoices`);

      await watching.close();
      await reviewing.close();
    });
  });
}
