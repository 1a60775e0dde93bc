import { TIME_ZONE_MESSAGE } from '../../resources/time-zone.js';
import { side } from './budgets-helpers.js';
import { companyData, createCompany, describeEachDatabase, registerUser, type TestServer } from './harness.js';
import { billing, createInvoice, invoiceWorld, production } from './invoices-helpers.js';
import { pdfText } from './pdf-text.js';
import { API, callAs, companySide, createProject } from './project-helpers.js';

const pdfOf = async (s: TestServer, who: ReturnType<typeof side>, id: number) => {
  const res = await s.app.inject({ method: 'GET', url: `${API}/invoices/${id}/pdf`, headers: { authorization: `Bearer ${who.token}`, ...who.headers } });
  expect(res.statusCode).toBe(200);
  return (await pdfText(res.rawPayload)).text;
};

describeEachDatabase('time zones and documents a client accepts', (server) => {
  it('keeps the zone a company is created with, answers it, and keeps UTC when none is given', async () => {
    const s = server();
    const owner = await registerUser(s);
    const chicago = await createCompany(s, owner.token, { name: 'Hill Country Paving', timezone: 'America/Chicago' });
    expect(chicago.timezone).toBe('America/Chicago');
    const plain = await createCompany(s, owner.token, { name: 'Plain Paving' });
    expect(plain.timezone).toBe('UTC');

    const read = await s.call('GET', `${API}/companies/${chicago.id}`, { token: owner.token, headers: { 'x-company-id': String(chicago.id) } });
    expect(read.body.timezone).toBe('America/Chicago');
    const me = await s.call('GET', `${API}/users/me`, { token: owner.token });
    const zones = Object.fromEntries(me.body.user.memberships.map((m: { companyId: number; company: { timezone: string } }) => [m.companyId, m.company.timezone]));
    expect(zones).toEqual({ [chicago.id]: 'America/Chicago', [plain.id]: 'UTC' });

    const moved = await s.call('PATCH', `${API}/companies/${plain.id}`, { token: owner.token, headers: { 'x-company-id': String(plain.id) }, body: { timezone: 'Europe/Paris' } });
    expect(moved.status).toBe(200);
    expect(moved.body.timezone).toBe('Europe/Paris');
    // A change of zone is in the company's trail.
    const trail = await s.services.db.selectFrom('audit_events').select(['action', 'changes']).where('entity_type', '=', 'company').where('entity_id', '=', String(plain.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(trail.changes)).toMatchObject({ timezone: { from: 'UTC', to: 'Europe/Paris' } });
  });

  it('refuses a zone that is not an IANA zone with 400 and changes nothing', async () => {
    const s = server();
    const owner = await registerUser(s);
    const before = await s.services.db.selectFrom('companies').select('id').execute();
    for (const timezone of ['Mars/Olympus', 'America/Chicago; drop', '', 42]) {
      const res = await s.call('POST', `${API}/companies`, { token: owner.token, body: companyData({ timezone }) });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('timezone');
    }
    expect(await s.services.db.selectFrom('companies').select('id').execute()).toEqual(before);

    const company = await createCompany(s, owner.token, { timezone: 'America/Denver' });
    const res = await s.call('PATCH', `${API}/companies/${company.id}`, { token: owner.token, headers: { 'x-company-id': String(company.id) }, body: { timezone: 'Nowhere/Town' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(TIME_ZONE_MESSAGE);
    const row = await s.services.db.selectFrom('companies').select('timezone').where('id', '=', company.id).executeTakeFirstOrThrow();
    expect(row.timezone).toBe('America/Denver');
  });

  it("starts a project in its company's zone, a sub-project in its parent's, and keeps a zone the body names", async () => {
    const s = server();
    const owner = await companySide(s, 'Zone Paving');
    await callAs(s, owner, 'PATCH', `/companies/${owner.companyId}`, { timezone: 'America/Chicago' });
    const plain = await createProject(s, owner.token, owner.companyId);
    expect(plain.timezone).toBe('America/Chicago');
    const named = await createProject(s, owner.token, owner.companyId, { timezone: 'America/Los_Angeles' });
    expect(named.timezone).toBe('America/Los_Angeles');
    const child = await createProject(s, owner.token, owner.companyId, { projectId: named.id });
    expect(child.timezone).toBe('America/Los_Angeles');
  });

  it("starts a partner company typed in by its host in the host's zone", async () => {
    const s = server();
    const host = await companySide(s, 'Host Paving');
    await callAs(s, host, 'PATCH', `/companies/${host.companyId}`, { timezone: 'America/Chicago' });
    const { name: _n, ein: _e, ...fields } = companyData();
    const res = await callAs(s, host, 'POST', '/partnerships/create/client', { ...fields, name: 'City of Sunset Valley' });
    expect(res.status).toBe(201);
    const row = await s.services.db.selectFrom('companies').select(['name', 'timezone']).where('name', '=', 'City of Sunset Valley').executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'City of Sunset Valley', timezone: 'America/Chicago' });
  });

  it("prints the client's address, the PO/WO number and the moments in the project's zone, named", async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = side(w.owner);
    expect((await callAs(s, w.owner, 'PATCH', `/projects/${w.projectId}`, { timezone: 'America/Chicago', powoNumber: 'WO-2231' })).status).toBe(200);
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]]);
    const invoice = await createInvoice(s, owner, w.owner.companyId, { projectId: w.projectId, productions: billing(p) });
    // 21:04 UTC on Nov 27 is 3:04 PM in Chicago (CST); 04:30 UTC on Nov 28 is still Nov 27 there.
    await s.services.db.updateTable('invoices').set({ created_at: '2026-11-28T04:30:00.000Z', sent_at: '2026-11-27T21:04:00.000Z' }).where('id', '=', invoice.id).execute();

    const answer = (await callAs(s, w.owner, 'GET', `/invoices/${invoice.id}`)).body;
    expect(answer).toMatchObject({
      projectTimezone: 'America/Chicago',
      powoNumber: 'WO-2231',
      billTo: { name: w.client.companyName, address: '100 Main Street, Austin, TX 78701', email: 'office@acme.example' },
    });
    const text = await pdfOf(s, owner, invoice.id);
    for (const expected of [`Bill to: ${w.client.companyName}`, '100 Main Street, Austin, TX 78701', 'PO/WO: WO-2231', 'Date: 11/27/2026', 'Sent: Nov 27, 2026, 3:04 PM CST']) {
      expect(text).toContain(expected);
    }
    // Summer time is named as such.
    await s.services.db.updateTable('invoices').set({ sent_at: '2026-07-01T17:00:00.000Z' }).where('id', '=', invoice.id).execute();
    expect(await pdfOf(s, owner, invoice.id)).toContain('Sent: Jul 1, 2026, 12:00 PM CDT');
  });

  it('prints a client off the platform as typed on the project, with its e-mail, and no PO/WO line when there is none', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = side(w.owner);
    const patched = await callAs(s, w.owner, 'PATCH', `/projects/${w.projectId}`, { clientId: null, clientName: 'City of Sunset Valley', clientEmail: 'ap@sunsetvalley.example', timezone: 'Asia/Kolkata' });
    expect(patched.status).toBe(200);
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 1000]]);
    const invoice = await createInvoice(s, owner, w.owner.companyId, { projectId: w.projectId, productions: billing(p) });
    await s.services.db.updateTable('invoices').set({ sent_at: '2026-11-27T21:04:00.000Z' }).where('id', '=', invoice.id).execute();
    const text = await pdfOf(s, owner, invoice.id);
    expect(text).toContain('Bill to: City of Sunset Valley');
    expect(text).not.toContain('City Of Sunset Valley');
    expect(text).toContain('ap@sunsetvalley.example');
    expect(text).not.toContain('PO/WO');
    // India has no common short name: the IANA name stands in.
    expect(text).toContain('Sent: Nov 28, 2026, 2:34 AM Asia/Kolkata');
  });
});
