import { DEFAULT_INVOICE_SETTINGS, INVOICE_MESSAGES } from '../../resources/company-invoice.js';
import { ROLE_NAMES } from '../../permissions/index.js';
import { addMember, describeEachDatabase, ownerWithCompany, registerUser, createCompany, type TestServer } from './harness.js';

const API = '/api/v1';

const settings = (overrides: Record<string, unknown> = {}) => ({
  invoiceNumberPrefix: 'ACME-',
  nextInvoiceNumber: 1001,
  paymentTermsDays: 45,
  defaultRetainagePercent: '5.25',
  remitTo: 'Acme Paving\nPO Box 12\nAustin, TX 78701',
  footerNotes: 'Thank you for your business.',
  clientSignature: false,
  ...overrides,
});

const storedRow = (s: TestServer, id: number) =>
  s.services.db.selectFrom('companies').select(['invoice_settings', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

const invoiceEvents = (s: TestServer, id: number) =>
  s.services.db
    .selectFrom('audit_events')
    .select(['action', 'changes', 'actor_user_id'])
    .where('company_id', '=', id)
    .where('entity_type', '=', 'company')
    .where('action', '=', 'updated')
    .execute();

describeEachDatabase('companies: invoice settings', (server) => {
  it('answers the defaults for a company that never saved any', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    expect(owner.company.invoiceSettings).toEqual(DEFAULT_INVOICE_SETTINGS);
    const read = await s.call('GET', `${API}/companies/${owner.company.id}`, { token: owner.token });
    expect(read.body.invoiceSettings).toEqual(DEFAULT_INVOICE_SETTINGS);
  });

  it('saves them, answers the company with them, and GET returns them; retainage is kept as basis points', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    const id = owner.company.id;
    const res = await s.call('POST', `${API}/companies/${id}/invoice`, { token: owner.token, body: settings({ invoiceNumberPrefix: ' ACME- ' }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: owner.company.name, role: 'Owner', invoiceSettings: settings() });
    const read = await s.call('GET', `${API}/companies/${id}`, { token: owner.token });
    expect(read.body.invoiceSettings).toEqual(settings());
    const listed = await s.call('GET', `${API}/companies`, { token: owner.token });
    expect(listed.body[0].invoiceSettings).toEqual(settings());

    const stored = JSON.parse((await storedRow(s, id)).invoice_settings);
    expect(stored.defaultRetainageBasisPoints).toBe(525);
    expect(stored).not.toHaveProperty('defaultRetainagePercent');

    // Numbers typed into a form arrive as text; percentages are normalised; empty notes become null.
    const again = await s.call('POST', `${API}/companies/${id}/invoice`, {
      token: owner.token,
      body: settings({ nextInvoiceNumber: '2000', paymentTermsDays: '0', defaultRetainagePercent: 10.5, remitTo: '  ', footerNotes: null }),
    });
    expect(again.status).toBe(200);
    expect(again.body.invoiceSettings).toEqual(settings({ nextInvoiceNumber: 2000, paymentTermsDays: 0, defaultRetainagePercent: '10.5', remitTo: null, footerNotes: null }));
    expect(JSON.parse((await storedRow(s, id)).invoice_settings).defaultRetainageBasisPoints).toBe(1050);
  });

  it('records who changed what in the company activity, and nothing for an unchanged save', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    const id = owner.company.id;
    await s.call('POST', `${API}/companies/${id}/invoice`, { token: owner.token, body: settings() });
    await s.call('POST', `${API}/companies/${id}/invoice`, { token: owner.token, body: settings({ paymentTermsDays: 60 }) });
    await s.call('POST', `${API}/companies/${id}/invoice`, { token: owner.token, body: settings({ paymentTermsDays: 60 }) });
    const events = await invoiceEvents(s, id);
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.actor_user_id === owner.user.id)).toBe(true);
    expect(JSON.parse(events[0]!.changes)).toMatchObject({ invoiceNumberPrefix: { from: 'INV-', to: 'ACME-' }, defaultRetainagePercent: { from: '0', to: '5.25' } });
    expect(JSON.parse(events[1]!.changes)).toEqual({ paymentTermsDays: { from: 45, to: 60 } });
    const activity = await s.call('GET', `${API}/companies/${id}/activity?action=updated`, { token: owner.token });
    expect(activity.body[0].changes).toEqual({ paymentTermsDays: { from: 45, to: 60 } });
  });

  it('answers bad input with 400 and per-field details, changing nothing', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    const id = owner.company.id;
    await s.call('POST', `${API}/companies/${id}/invoice`, { token: owner.token, body: settings() });
    const before = await storedRow(s, id);
    const eventsBefore = (await invoiceEvents(s, id)).length;

    const res = await s.call('POST', `${API}/companies/${id}/invoice`, {
      token: owner.token,
      body: {
        invoiceNumberPrefix: 'WAY-TOO-LONG-PREFIX',
        nextInvoiceNumber: 0,
        paymentTermsDays: 1.5,
        defaultRetainagePercent: '100.01',
        remitTo: 'x'.repeat(501),
        footerNotes: 'y'.repeat(2001),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'invoiceNumberPrefix', message: INVOICE_MESSAGES.prefix },
        { field: 'nextInvoiceNumber', message: INVOICE_MESSAGES.nextNumber },
        { field: 'paymentTermsDays', message: INVOICE_MESSAGES.paymentTerms },
        { field: 'defaultRetainagePercent', message: INVOICE_MESSAGES.retainage },
        { field: 'remitTo', message: INVOICE_MESSAGES.remitTo },
        { field: 'footerNotes', message: INVOICE_MESSAGES.footerNotes },
      ]),
    );
    const others: unknown[] = [
      settings({ defaultRetainagePercent: 0.1 + 0.2 }),
      settings({ defaultRetainagePercent: '5.255' }),
      settings({ defaultRetainagePercent: '-1' }),
      settings({ nextInvoiceNumber: '' }),
      settings({ paymentTermsDays: 366 }),
      settings({ plan: 'paid' }),
      { paymentTermsDays: 30 },
      [],
    ];
    for (const body of others) {
      const bad = await s.call('POST', `${API}/companies/${id}/invoice`, { token: owner.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.details.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect(await storedRow(s, id)).toEqual(before);
    expect(await invoiceEvents(s, id)).toHaveLength(eventsBefore);
    const plan = await s.services.db.selectFrom('companies').select('plan').where('id', '=', id).executeTakeFirstOrThrow();
    expect(plan.plan).toBe('free');
  });

  it('needs companies:manage: every default role but Owner gets 403 and changes nothing, yet may read them', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    const id = owner.company.id;
    const before = await storedRow(s, id);
    for (const role of ROLE_NAMES.filter((r) => r !== 'Owner')) {
      const member = await addMember(s, id, role);
      const res = await s.call('POST', `${API}/companies/${id}/invoice`, { token: member.token, body: settings() });
      expect(res.status, role).toBe(403);
      const read = await s.call('GET', `${API}/companies/${id}`, { token: member.token });
      expect(read.body.invoiceSettings, role).toEqual(DEFAULT_INVOICE_SETTINGS);
    }
    expect(await storedRow(s, id)).toEqual(before);
    expect(await invoiceEvents(s, id)).toHaveLength(0);
  });

  it('follows the permission, not the role name: a role granted companies:manage may save', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    const id = owner.company.id;
    const roles = await s.call('GET', `${API}/roles/company/${id}/all`, { token: owner.token });
    const supervisor = roles.body.find((r: { name: string }) => r.name === 'Supervisor');
    const granted = await s.call('PATCH', `${API}/roles/company/${id}/${supervisor.id}`, {
      token: owner.token,
      body: { permissions: [...supervisor.permissions, { resourceType: 'companies', action: 'manage' }] },
    });
    expect(granted.status).toBe(200);
    const member = await addMember(s, id, 'Supervisor');
    const res = await s.call('POST', `${API}/companies/${id}/invoice`, { token: member.token, body: settings() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'Supervisor', invoiceSettings: settings() });
  });

  it("answers 404 for another company's settings, even for owners of other companies, and leaves them alone", async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Tenant A');
    await s.call('POST', `${API}/companies/${a.company.id}/invoice`, { token: a.token, body: settings() });
    const before = await storedRow(s, a.company.id);
    const b = await ownerWithCompany(s, 'Tenant B');
    const loner = await registerUser(s);
    const missing = await s.call('POST', `${API}/companies/99999999/invoice`, { token: b.token, body: settings() });
    expect(missing.status).toBe(404);
    for (const token of [b.token, loner.token]) {
      const res = await s.call('POST', `${API}/companies/${a.company.id}/invoice`, { token, body: settings({ footerNotes: 'Pay me instead' }) });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(missing.body.message);
    }
    // A deleted company is gone for its own owner too.
    const gone = await createCompany(s, b.token, { name: 'Gone Co' });
    await s.call('DELETE', `${API}/companies/${gone.id}`, { token: b.token });
    expect((await s.call('POST', `${API}/companies/${gone.id}/invoice`, { token: b.token, body: settings() })).status).toBe(404);
    expect(await storedRow(s, a.company.id)).toEqual(before);
  });

  it('needs a session (401) and a well-formed id (400)', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    expect((await s.call('POST', `${API}/companies/${owner.company.id}/invoice`, { body: settings() })).status).toBe(401);
    expect((await s.call('POST', `${API}/companies/abc/invoice`, { token: owner.token, body: settings() })).status).toBe(400);
  });
});
