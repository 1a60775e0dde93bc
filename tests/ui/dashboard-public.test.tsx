import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { dashboardStore, makeDashboard, makeWidget, publicDashboard } from './dashboard-fixtures';
import { company, fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The charts' chunk (@mui/x-charts) is loaded once here, so a cold transform does not eat a test's wait.
beforeAll(() => import('../../src/pages/dashboard/widgets/charts'), 60000);
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the public dashboard', () => {
  it('shows the company, the dashboard and only the filters its owner exposed, with only the allowed values', { timeout: 30000 }, async () => {
    const asked: unknown[] = [];
    server.use(
      http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite' })),
      http.get('/api/v1/dashboard/public/pub-abc123', ({ request }) => {
        // No login: the guest's call carries no token.
        expect(request.headers.get('authorization')).toBeNull();
        return HttpResponse.json(publicDashboard());
      }),
      http.post('/api/v1/advanced-filter/public/data', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ unit: 'quantity', rows: [{ key: 1, label: 'Alpha crew', value: '1200.5' }], total: '1200.5' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/public/dashboard/pub-abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paving this month' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByText('Acme Paving')).toBeInTheDocument();
    // No app chrome: no navigation, no account menu.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    const chart = await screen.findByRole('region', { name: 'Paving by crew' });
    expect(await within(chart).findByText('Alpha crew')).toBeInTheDocument();
    expect(within(chart).queryByRole('button', { name: /Widget actions/ })).not.toBeInTheDocument();
    expect(asked[0]).toEqual({ publicURL: 'pub-abc123', widgetId: 3, filters: { preset: 'last30' } });
    // Dates and project are exposed; crew is not.
    const filters = screen.getByRole('search', { name: 'Dashboard filters' });
    expect(within(filters).queryByRole('combobox', { name: 'Crew' })).not.toBeInTheDocument();
    await user.click(within(filters).getByRole('combobox', { name: 'Dates' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Last 7 days', 'Last 30 days']);
    await user.click(screen.getByRole('option', { name: 'Last 7 days' }));
    await user.click(within(filters).getByRole('combobox', { name: 'Project' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Every project', 'Main Street']);
    await user.click(screen.getByRole('option', { name: 'Main Street' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ publicURL: 'pub-abc123', widgetId: 3, filters: { preset: 'last7', projectId: 5 } }));
  });

  it('says only that a dead link is not available', { timeout: 30000 }, async () => {
    server.use(
      http.get('/api/v1/dashboard/public/:url', () => HttpResponse.json({ error: { statusCode: 404, code: 'NOT_FOUND', message: 'Public dashboard 17 was revoked' } }, { status: 404 })),
    );
    renderApp('/public/dashboard/gone-link');
    expect(await screen.findByRole('heading', { name: 'This dashboard is not available' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.queryByText(/revoked/)).not.toBeInTheDocument();
  });
});

describe('the public link dialog', () => {
  it('makes a dashboard public, copies its link and revokes it', { timeout: 30000 }, async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    const store = dashboardStore([makeDashboard(1, { name: 'Operations', widgets: [makeWidget(11, { title: 'Notes', published: false })] })]);
    server.use(...store.handlers, http.get('/api/v1/companies/7/memberships/options/crews', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Operations' }, { timeout: 15000 });
    await user.click(screen.getByRole('button', { name: 'Public link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Public link' });
    await user.click(within(dialog).getByRole('button', { name: 'Make public' }));
    expect(await screen.findByText('Dashboard updated successfully')).toBeInTheDocument();
    expect(store.state.patches.at(-1)!.body).toEqual({ isPublic: true });
    dialog = screen.getByRole('dialog', { name: 'Public link' });
    const link = `${window.location.origin}/app/public/dashboard/pub-abc123`;
    expect(await within(dialog).findByDisplayValue(link)).toBeInTheDocument();
    expect(within(dialog).getByText(/by Dana Field/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    // A widget guests do not see yet says so on the dashboard.
    expect(within(screen.getByRole('region', { name: 'Notes', hidden: true })).getByText('Not public yet')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the public link?' });
    expect(within(confirm).getByText('The link stops working for good; making it public again gives a new link')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(store.state.patches.at(-1)!.body).toEqual({ isPublic: false }));
    expect(await within(screen.getByRole('dialog', { name: 'Public link' })).findByRole('button', { name: 'Make public' })).toBeInTheDocument();
  });
});

describe('the company’s public dashboards', () => {
  it('lists the live links where company settings live, and revokes one', { timeout: 30000 }, async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    const publication = { publicURL: 'pub-abc123', publishedAt: '2026-11-20T15:00:00.000Z', publishedBy: { id: 1, name: 'Dana Field' }, publicFilters: {} };
    let live = [{ dashboardId: 4, name: 'Paving this month', ...publication }];
    const patches: unknown[] = [];
    server.use(
      http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
      http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
      http.get('/api/v1/dashboards/public', () => HttpResponse.json(live)),
      http.patch('/api/v1/dashboard/4', async ({ request }) => {
        patches.push(await request.json());
        live = [];
        return HttpResponse.json(makeDashboard(4));
      }),
    );
    const user = userEvent.setup();
    renderApp('/companies/7/public-dashboards');
    const card = await screen.findByText('Paving this month', undefined, { timeout: 15000 });
    expect(screen.getByRole('link', { name: `${window.location.origin}/app/public/dashboard/pub-abc123` })).toBeInTheDocument();
    expect(card).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke the link of Paving this month' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke the public link?' })).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(patches).toEqual([{ isPublic: false }]));
    expect(await screen.findByText('No dashboard of this company is public.')).toBeInTheDocument();
  });
});
