import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ApiToken, ApiTokenCreated } from '../../resources/api-token';
import { company as baseCompany, fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const INVOICE = { invoiceNumberPrefix: 'INV-', nextInvoiceNumber: 1, paymentTermsDays: 30, defaultRetainagePercent: '0', remitTo: null, footerNotes: null };
const company = { ...baseCompany, invoiceSettings: INVOICE };
let me = fakeUser('Owner');
let listed: ApiToken[] = [];
let posted: unknown = null;
let revoked: string | null = null;
let listCalls = 0;

const tokenOf = (over: Partial<ApiToken>): ApiToken => ({
  id: 1,
  companyId: 7,
  name: 'Accounting sync',
  hint: 'fwk_ab12',
  permissions: [{ resourceType: 'projects', action: 'view' }],
  project: null,
  expiresAt: null,
  lastUsedAt: null,
  createdBy: { id: 1, name: 'Olivia Owner' },
  createdAt: '2026-12-01T10:00:00.000Z',
  revokedAt: null,
  status: 'active',
  ...over,
});
const SECRET = 'fwk_ab12cdefghijklmnopqrstuvwxyz0123456789ABCDE';

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: me })),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/companies/7/activity', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/v1/companies', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/v1/companies/7/projects/all', () => HttpResponse.json([{ id: 5, projectName: 'Main Street' }], { headers: { 'X-Total-Count': '1' } })),
  http.get('/api/v1/companies/7/api-tokens', () => {
    listCalls++;
    return HttpResponse.json(listed);
  }),
  http.post('/api/v1/companies/7/api-tokens', async ({ request }) => {
    posted = await request.json();
    const created: ApiTokenCreated = { ...tokenOf({ id: 2, name: 'Nightly', project: { id: 5, name: 'Main Street' } }), secret: SECRET };
    listed = [tokenOf({ id: 2, name: 'Nightly', project: { id: 5, name: 'Main Street' } }), ...listed];
    return HttpResponse.json(created, { status: 201 });
  }),
  http.delete('/api/v1/companies/7/api-tokens/:tokenId', ({ params }) => {
    revoked = String(params.tokenId);
    listed = listed.map((t) => (String(t.id) === revoked ? { ...t, status: 'revoked', revokedAt: '2026-12-02T10:00:00.000Z' } : t));
    return new HttpResponse(null, { status: 204 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  me = fakeUser('Owner');
  listed = [];
  posted = null;
  revoked = null;
  listCalls = 0;
  localStorage.setItem('fieldwork.accessToken', fakeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('company page: API tokens', () => {
  it('creates a token with chosen permissions and project, shows its secret once, and revokes a token after a confirm', async () => {
    listed = [tokenOf({})];
    const user = userEvent.setup();
    renderApp('/companies/7/api-tokens');
    const list = within(await screen.findByRole('list', { name: 'API tokens' }, { timeout: 15_000 }));
    expect(list.getByText('Accounting sync')).toBeInTheDocument();
    expect(list.getByText('Projects: view')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New API token' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/Name/), 'Nightly');
    await user.click(dialog.getByRole('checkbox', { name: 'Projects: manage' }));
    expect(dialog.getByRole('checkbox', { name: 'Projects: view' })).toBeChecked();
    await user.click(dialog.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Main Street' }));
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Copy the secret now: it will not be shown again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Token secret')).toHaveValue(SECRET);
    expect(posted).toEqual({ name: 'Nightly', permissions: [{ resourceType: 'projects', action: 'manage' }], expiresAt: null, projectId: 5 });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(await screen.findByText('Nightly')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke Accounting sync' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(revoked).toBe('1');
  });

  it('is not there for a member without integrations:manage', async () => {
    me = fakeUser('ProjectManager');
    renderApp('/companies/7');
    expect(await screen.findByRole('tab', { name: 'Activity' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'API tokens' })).not.toBeInTheDocument();
    expect(listCalls).toBe(0);
  });

  it('says when the company has no token yet', async () => {
    renderApp('/companies/7/api-tokens');
    expect(await screen.findByText('This company has no API tokens yet.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
