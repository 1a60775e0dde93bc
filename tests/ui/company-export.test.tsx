import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CompanyExport } from '../../resources/company-export';
import { company as baseCompany, fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const INVOICE = { invoiceNumberPrefix: 'INV-', nextInvoiceNumber: 1, paymentTermsDays: 30, defaultRetainagePercent: '0', remitTo: null, footerNotes: null };
const company = { ...baseCompany, invoiceSettings: INVOICE };
let me = fakeUser('Owner');
let listed: CompanyExport[] = [];
let startAnswer: () => Response;
let listCalls = 0;

const exportOf = (over: Partial<CompanyExport>): CompanyExport => ({
  id: 1,
  companyId: 7,
  status: 'queued',
  stepsDone: 0,
  stepsTotal: null,
  percent: 0,
  error: null,
  size: null,
  requestedBy: { id: 1, name: 'Olivia Owner' },
  createdAt: '2026-12-01T10:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  downloadUrl: null,
  ...over,
});
const DONE_URL = '/api/v1/staticfiles/3f1c2d4e-aaaa-bbbb-cccc-000000000001?expires=1&sig=x&download=1';

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: me })),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/companies/7/activity', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/v1/companies', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/v1/companies/7/exports', () => {
    listCalls++;
    return HttpResponse.json(listed);
  }),
  http.post('/api/v1/companies/7/exports', () => startAnswer()),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  me = fakeUser('Owner');
  listed = [];
  listCalls = 0;
  startAnswer = () => HttpResponse.json(exportOf({}), { status: 202 });
  localStorage.setItem('fieldwork.accessToken', fakeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('company page: export data', () => {
  it('starts an export, shows its progress, then its download link, and lists the earlier ones', async () => {
    listed = [exportOf({ id: 1, status: 'expired', percent: 100, size: 2_400_000, createdAt: '2026-11-01T10:00:00.000Z', finishedAt: '2026-11-01T10:01:00.000Z' })];
    startAnswer = () => {
      const running = exportOf({ id: 2, status: 'running', stepsDone: 4, stepsTotal: 10, percent: 40 });
      // The next poll finds it done.
      listed = [exportOf({ id: 2, status: 'done', stepsDone: 10, stepsTotal: 10, percent: 100, size: 52_000, finishedAt: '2026-12-01T10:02:00.000Z', expiresAt: '2026-12-08T10:02:00.000Z', downloadUrl: DONE_URL }), ...listed];
      return HttpResponse.json(running, { status: 202 });
    };
    const user = userEvent.setup();
    renderApp('/companies/7/data-export');
    const card = within((await screen.findByText('Export company data', { selector: '.MuiCardHeader-title' }, { timeout: 15_000 })).closest('.MuiCard-root') as HTMLElement);
    const recent = within(await card.findByRole('list', { name: 'Recent exports' }));
    expect(recent.getByText('Expired')).toBeInTheDocument();
    expect(recent.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Export company data' }));
    expect(await card.findByText('Exporting… 40 %')).toBeInTheDocument();
    expect(card.getByRole('progressbar', { name: 'Exported' })).toHaveAttribute('aria-valuenow', '40');
    expect(card.getByRole('button', { name: 'Export company data' })).toBeDisabled();

    const download = await card.findByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', DONE_URL);
    expect(card.getByText(/is ready \(51 KB\)/)).toBeInTheDocument();
    expect(card.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Export company data' })).toBeEnabled();
    expect(within(card.getByRole('list', { name: 'Recent exports' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it("says why a start was refused, and why an export failed", async () => {
    listed = [exportOf({ status: 'failed', error: 'The export could not be finished: the store is unreachable' })];
    startAnswer = () => HttpResponse.json({ statusCode: 409, message: 'An export of this company is already running: wait for it to finish.', error: { statusCode: 409, message: 'An export of this company is already running: wait for it to finish.', code: 'EXPORT_RUNNING' } }, { status: 409 });
    const user = userEvent.setup();
    renderApp('/companies/7/data-export');
    expect(await screen.findByText('The export could not be finished: the store is unreachable', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export company data' }));
    expect(await screen.findByText('An export of this company is already running: wait for it to finish.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not there for a member whose role lacks companies:manage', async () => {
    me = fakeUser('ProjectManager');
    renderApp('/companies/7');
    expect(await screen.findByRole('tab', { name: 'Activity' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Export data' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Acme Paving' })).toBeInTheDocument());
    expect(listCalls).toBe(0);
  });
});
