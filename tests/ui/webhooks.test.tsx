import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Webhook, WebhookDelivery } from '../../resources/webhook';
import { company as baseCompany, fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const INVOICE = { invoiceNumberPrefix: 'INV-', nextInvoiceNumber: 1, paymentTermsDays: 30, defaultRetainagePercent: '0', remitTo: null, footerNotes: null };
const company = { ...baseCompany, invoiceSettings: INVOICE };
let hooks: Webhook[] = [];
let created: unknown = null;
let resent: string | null = null;

const hookOf = (over: Partial<Webhook>): Webhook => ({
  id: 3,
  companyId: 7,
  url: 'https://hooks.example.com/fieldwork',
  description: null,
  events: ['production.approved'],
  active: true,
  pausedAt: null,
  failingSince: null,
  createdBy: { id: 1, name: 'Olivia Owner' },
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  lastDelivery: null,
  ...over,
});
const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 11,
  webhookId: 3,
  event: 'production.approved',
  eventId: 'e-1',
  status: 'failed',
  attempts: 9,
  responseStatus: 500,
  responseBody: 'boom',
  error: 'The endpoint answered 500',
  durationMs: 12,
  resendOf: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  lastAttemptAt: '2026-12-02T10:00:00.000Z',
  nextAttemptAt: null,
  finishedAt: '2026-12-02T10:00:00.000Z',
  body: '{}',
  ...over,
});

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/companies/7/activity', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/v1/companies', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/v1/companies/7/webhooks', () => HttpResponse.json(hooks)),
  http.post('/api/v1/companies/7/webhooks', async ({ request }) => {
    created = await request.json();
    const hook = hookOf({ id: 4, ...(created as object) });
    hooks = [...hooks, hook];
    return HttpResponse.json({ ...hook, secret: 'whsec_shown_once' }, { status: 201 });
  }),
  http.get('/api/v1/companies/7/webhooks/3/deliveries', () => HttpResponse.json({ items: [delivery({})], total: 1, page: 1, pageSize: 10 })),
  http.post('/api/v1/companies/7/webhooks/3/deliveries/:deliveryId/resend', ({ params }) => {
    resent = String(params.deliveryId);
    return HttpResponse.json(delivery({ id: 12, status: 'pending', attempts: 0, resendOf: 11 }), { status: 202 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  hooks = [];
  created = null;
  resent = null;
  localStorage.setItem('fieldwork.accessToken', fakeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('company page: webhooks', () => {
  it('adds a webhook with its events and shows the secret once', async () => {
    const user = userEvent.setup();
    renderApp('/companies/7/webhooks');
    expect(await screen.findByText(/No webhooks yet/, {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(dialog.getByLabelText(/Endpoint URL/), 'https://hooks.example.com/new');
    await user.click(dialog.getByLabelText('Invoice paid'));
    await user.click(dialog.getByLabelText('Production approved'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    // Sent in the list's order, whatever the order they were ticked in.
    expect(created).toEqual({ url: 'https://hooks.example.com/new', description: null, events: ['production.approved', 'invoice.paid'], active: true });
    const panel = await screen.findByLabelText('Signing secret');
    expect(within(panel).getByText('whsec_shown_once')).toBeInTheDocument();
    expect(await screen.findByText('https://hooks.example.com/new')).toBeInTheDocument();
  });

  it('shows a paused webhook, lists its deliveries with status and answer code, and resends one', async () => {
    hooks = [hookOf({ pausedAt: '2026-12-02T10:00:00.000Z', active: true, lastDelivery: { status: 'failed', responseStatus: 500, at: '2026-12-02T10:00:00.000Z' } })];
    const user = userEvent.setup();
    renderApp('/companies/7/webhooks');
    const card = within((await screen.findByLabelText('Webhook https://hooks.example.com/fieldwork', {}, { timeout: 15_000 })) as HTMLElement);
    expect(card.getByText('Paused')).toBeInTheDocument();
    expect(card.getByText(/its deliveries failed for a day/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Deliveries' }));
    const table = within(await card.findByRole('table', { name: 'Deliveries' }));
    expect(table.getByText('Failed')).toBeInTheDocument();
    expect(table.getByRole('cell', { name: '500' })).toBeInTheDocument();
    expect(table.getByRole('cell', { name: '9' })).toBeInTheDocument();
    await user.click(table.getByRole('button', { name: 'Resend delivery 11' }));
    await vi.waitFor(() => expect(resent).toBe('11'));
  });

  it('lets one whose role holds integrations:manage but not companies:manage add webhooks', async () => {
    const base = fakeUser('Supervisor');
    const m = base.memberships[0]!;
    const permissions = [...m.role.permissions, { resourceType: 'integrations' as const, action: 'manage' as const }];
    server.use(http.get('/api/v1/users/me', () => HttpResponse.json({ user: { ...base, memberships: [{ ...m, role: { ...m.role, permissions } }] } })));
    renderApp('/companies/7/webhooks');
    expect(await screen.findByText(/No webhooks yet/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeEnabled();
    expect(screen.queryByRole('tab', { name: 'Export data' })).not.toBeInTheDocument();
  });
});
