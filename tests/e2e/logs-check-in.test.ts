import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addMember, ownerWithCompany } from '../api/harness.js';
import { callAs, sideOf } from '../api/project-helpers.js';
import { type BrowserApp, browserDatabases, chooseOption, loginAs, snap, startBrowserApp } from './browser.js';


for (const database of browserDatabases(import.meta.url)) {
  describe(`check-in and locates in the browser [${database.name}]`, () => {
    let app: BrowserApp;
    let weather: Server;

    beforeAll(async () => {
      app = await startBrowserApp(database);
      weather = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ current_weather: { time: '2026-03-05T15:00', temperature: 18.6, windspeed: 9.4, winddirection: 200, weathercode: 2 } })));
      await new Promise<void>((resolve) => weather.listen(0, '127.0.0.1', resolve));
      app.server.config.weather.url = `http://127.0.0.1:${(weather.address() as AddressInfo).port}/forecast?latitude={lat}&longitude={lng}&current_weather=true`;
    });

    afterAll(async () => {
      await app?.stop();
      weather?.closeAllConnections();
      await new Promise((resolve) => weather?.close(resolve));
    });

    it('a crew leader checks in on a phone with the browser’s position and sees the log with its weather; a project manager sees the ticket about to expire', async () => {
      const { server, base, browser } = app;
      const owner = sideOf(await ownerWithCompany(server, 'Alpha Paving'));
      const leader = await addMember(server, owner.companyId, 'CrewLeader');
      const pm = await addMember(server, owner.companyId, 'ProjectManager');
      const leaderMembership = await server.services.db.selectFrom('memberships').select('id').where('user_id', '=', leader.user.id).where('company_id', '=', owner.companyId).executeTakeFirstOrThrow();
      expect((await callAs(server, owner, 'POST', '/crews', { name: 'Paving crew', leaders: [leaderMembership.id], members: [] })).status).toBe(201);
      const project = await callAs(server, owner, 'POST', `/companies/${owner.companyId}/projects`, { projectName: 'Elm Street Resurfacing', code: 'ELM-26' });
      expect(project.status).toBe(201);

      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, geolocation: { latitude: 30.2672, longitude: -97.7431, accuracy: 9 }, permissions: ['geolocation'] });
      const page = await phone.newPage();
      // A crew leader signs in and lands on the phone client's projects.
      await loginAs(page, base, leader.email, leader.password, (url) => url.pathname === '/app-mobile/projects-list');
      await page.waitForLoadState('networkidle');
      // The desk's Daily Log has a phone twin: a crew leader lands on the phone client's Check in.
      await page.goto(`${base}/app/logs`);
      await page.waitForURL(/\/app-mobile\/logs$/);
      await page.getByRole('heading', { level: 1, name: 'Check in' }).waitFor();
      const form = page.getByRole('form', { name: 'Check in' });
      await form.getByRole('combobox', { name: 'Project' }).click();
      await chooseOption(page, 'ELM-26 · Elm Street Resurfacing');
      await form.getByRole('textbox', { name: 'What is happening' }).fill('Milling the north lane');
      await form.getByRole('button', { name: 'Use my location' }).click();
      await form.getByText('Location found: 30.26720, -97.74310 (within 9 m)').waitFor();
      await snap(page, `logs-check-in-${database.name}`);
      await form.getByRole('button', { name: 'Check in' }).click();
      await form.getByText('Checked in', { exact: true }).waitFor();
      const list = page.getByRole('list', { name: "Today's check-ins" });
      await list.getByText('Milling the north lane').waitFor();
      await list.getByText('Weather: 19 °C · Partly cloudy · wind 9 km/h').waitFor();
      const stored = await server.services.db.selectFrom('logs').selectAll().where('company_id', '=', owner.companyId).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ project_id: project.body.id, lat: 30.2672, lng: -97.7431, status: 'open', description: 'Milling the north lane' });
      expect(stored.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await phone.close();

      const today = new Date().toISOString().slice(0, 10);
      const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      expect((await callAs(server, owner, 'POST', '/locates', { ticketNumber: 'TX811-0042', projectId: project.body.id, digStartDate: today, expiresOn: inTwoDays })).status).toBe(201);
      const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const deskPage = await desk.newPage();
      await loginAs(deskPage, base, pm.email, pm.password);
      await deskPage.goto(`${base}/app/locates`);
      const row = deskPage.getByRole('row', { name: /TX811-0042/ });
      await row.getByText(/^Expires in [12] days?$/).waitFor();
      await snap(deskPage, `locates-${database.name}`);
      await desk.close();
    });
  });
}
