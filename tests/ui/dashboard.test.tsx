import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Dashboard } from '../../resources/dashboard';
import { dashboardStore, figureConfig, makeDashboard, makeWidget } from './dashboard-fixtures';
import { fakeToken } from './fixtures';
import { currentLocation, renderApp } from './render-app';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The charts' chunk (@mui/x-charts) is loaded once here, so a cold transform does not eat a test's wait.
beforeAll(() => import('../../src/pages/dashboard/widgets/charts'), 60000);
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function start(dashboards: Dashboard[]) {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  const store = dashboardStore(dashboards);
  server.use(...store.handlers);
  return store;
}

// The first render loads the app's chunks cold.
const opened = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15000 });
const region = (name: string) => screen.findByRole('region', { name });
const chooseOption = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the dashboard page', () => {
  it('opens the viewer’s own dashboard and switches to a shared one', { timeout: 30000 }, async () => {
    start([
      makeDashboard(1, { name: 'Operations', widgets: [makeWidget(11, { title: 'Notes', configuration: { text: 'Crews start at 7' } })] }),
      makeDashboard(2, { name: 'Company figures', owner: { id: 4, name: 'Olivia' }, shared: true, canEdit: false, widgets: [makeWidget(21, { title: 'Reminder' })] }),
    ]);
    const user = userEvent.setup();
    renderApp('/dashboard');
    expect(await opened('Operations')).toBeInTheDocument();
    expect(within(await region('Notes')).getByText('Crews start at 7')).toBeInTheDocument();
    await chooseOption(user, 'Dashboard', 'Company figures');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company figures' })).toBeInTheDocument();
    expect((await region('Reminder')).closest('[data-widget-id]')).toHaveAttribute('data-widget-id', '21');
    // Someone else's dashboard: no editing.
    expect(screen.queryByRole('button', { name: 'Add widget' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename dashboard' })).not.toBeInTheDocument();
  });

  it('creates a dashboard and says so', { timeout: 30000 }, async () => {
    start([makeDashboard(1, { name: 'Operations' })]);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await opened('Operations');
    await user.click(screen.getByRole('button', { name: 'New dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dashboard' });
    await user.type(within(dialog).getByLabelText('Name'), 'Billing');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Dashboard created successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
  });

  it('shows a widget being added at once under a temporary id, then the saved one; a failure takes it away', { timeout: 30000 }, async () => {
    const store = start([makeDashboard(1, { name: 'Operations', widgets: [makeWidget(11, { title: 'Notes' })] })]);
    let release!: () => void;
    store.state.widgetGate = new Promise((r) => (release = r));
    const user = userEvent.setup();
    const { container } = renderApp('/dashboard');
    await opened('Operations');
    const add = async (title: string) => {
      await user.click(screen.getByRole('button', { name: 'Add widget' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add widget' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
      await user.click(await screen.findByRole('option', { name: 'Placeholder' }));
      // The type's default title arrives; the user's own replaces it.
      await waitFor(() => expect(within(dialog).getByLabelText('Title')).toHaveValue('New placeholder'));
      await user.clear(within(dialog).getByLabelText('Title'));
      await user.type(within(dialog).getByLabelText('Title'), title);
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    };
    await add('Gate codes');
    const temp = await region('Gate codes');
    expect(temp.closest('[data-widget-id]')!.getAttribute('data-widget-id')).toMatch(/^temp-/);
    expect(within(temp).getByRole('progressbar', { name: 'Saving widget' })).toBeInTheDocument();
    // Below the widget already there, at the type's default size.
    expect(store.state.widgetPosts[0]).toMatchObject({ title: 'Gate codes', type: 'placeholder', layout: { x: 0, y: 4, w: 6, h: 3 } });
    release();
    await waitFor(() => expect(container.querySelector('[data-widget-id="99"]')).not.toBeNull());
    expect(screen.queryByRole('progressbar', { name: 'Saving widget' })).not.toBeInTheDocument();

    store.state.widgetGate = null;
    store.state.widgetFails = true;
    await add('Doomed');
    expect(await screen.findByText('The widget could not be added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Doomed' })).not.toBeInTheDocument());
  });

  it('shows a KPI’s total and its change against the previous period, asked with the dashboard’s dates', { timeout: 30000 }, async () => {
    const store = start([
      makeDashboard(1, { name: 'Money', filters: { preset: 'last30' }, widgets: [makeWidget(11, { title: 'Production value', type: 'kpi', configuration: figureConfig() })] }),
    ]);
    store.state.answer = () => ({ unit: 'money', rows: [], total: '12345.5', previousTotal: '10000' });
    renderApp('/dashboard');
    await opened('Money');
    const kpi = await region('Production value');
    expect(await within(kpi).findByText('$12,345.50')).toBeInTheDocument();
    expect(within(kpi).getByText('+23.5 %')).toBeInTheDocument();
    const asked = store.state.figureQueries[0]!;
    expect(asked.compare).toBe(true);
    expect(asked.measure).toEqual({ fn: 'sum', field: 'amount' });
    expect(asked.range!.from < asked.range!.to).toBe(true);
  });

  it('draws a bar chart with its groups’ labels; shows empty and failed widgets, and Retry asks again', { timeout: 30000 }, async () => {
    const store = start([
      makeDashboard(1, {
        name: 'Crews',
        widgets: [
          makeWidget(11, { title: 'By crew', type: 'bar', configuration: figureConfig('crew') }),
          makeWidget(12, { title: 'By month', type: 'line', configuration: figureConfig('month'), layout: { x: 4, y: 0, w: 4, h: 4 } }),
          makeWidget(13, { title: 'By status', type: 'table', configuration: figureConfig('status'), layout: { x: 8, y: 0, w: 4, h: 4 } }),
        ],
      }),
    ]);
    let failures = 1;
    store.state.answer = (q) =>
      q.groupBy === 'crew'
        ? { unit: 'money', rows: [{ key: 1, label: 'Alpha crew', value: '1200.00' }, { key: 2, label: 'Beta crew', value: '800.50' }], total: '2000.50' }
        : q.groupBy === 'month'
          ? { unit: 'money', rows: [], total: '0' }
          : failures-- > 0
            ? HttpResponse.json({ error: { statusCode: 500, code: 'INTERNAL', message: 'Figures are resting' } }, { status: 500 })
            : { unit: 'money', rows: [{ key: 'approved', label: 'Approved', value: '1500.00' }], total: '1500.00' };
    const user = userEvent.setup();
    renderApp('/dashboard');
    await opened('Crews');
    const bars = await region('By crew');
    expect(await within(bars).findByText('Alpha crew')).toBeInTheDocument();
    expect(within(bars).getByText('Beta crew')).toBeInTheDocument();
    expect(await within(await region('By month')).findByText('No figures for these filters')).toBeInTheDocument();
    const table = await region('By status');
    expect(await within(table).findByText('Figures are resting')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('$1,500.00')).toBeInTheDocument();
    // A group opens the productions behind it: that status.
    server.use(http.get('/api/v1/production', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    await user.click(within(table).getByText('Approved'));
    await waitFor(() => expect(currentLocation()).toBe('/productions?status=approved'));
  });

  it('places and sizes a widget from its menu with the keyboard; a place off the grid says why', { timeout: 30000 }, async () => {
    const store = start([
      makeDashboard(1, {
        name: 'Layout',
        widgets: [makeWidget(11, { title: 'First' }), makeWidget(12, { title: 'Second', layout: { x: 4, y: 0, w: 4, h: 4 } })],
      }),
    ]);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await opened('Layout');
    await user.click(within(await region('Second')).getByRole('button', { name: 'Widget actions: Second' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Position and size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Position and size' });
    expect(within(dialog).getByLabelText('Column')).toHaveValue(5);
    await user.clear(within(dialog).getByLabelText('Column'));
    await user.type(within(dialog).getByLabelText('Column'), '10');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('A widget must fit the 12 columns: x + w at most 12')).toBeInTheDocument();
    expect(store.state.patches).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Column'));
    await user.type(within(dialog).getByLabelText('Column'), '9');
    await user.clear(within(dialog).getByLabelText('Height'));
    await user.type(within(dialog).getByLabelText('Height'), '6{Enter}');
    await waitFor(() => expect(store.state.patches).toHaveLength(1));
    const { layout } = store.state.patches[0]!.body as { layout: Array<{ widgetId: number; layout: object }> };
    expect(layout.find((l) => l.widgetId === 12)!.layout).toEqual({ x: 8, y: 0, w: 4, h: 6 });
    expect(layout.find((l) => l.widgetId === 11)!.layout).toEqual({ x: 0, y: 0, w: 4, h: 4 });
    expect(screen.queryByRole('dialog', { name: 'Position and size' })).not.toBeInTheDocument();
  });

  it('sorts a table of months by their time, not by their names', { timeout: 30000 }, async () => {
    const store = start([makeDashboard(1, { name: 'Months', widgets: [makeWidget(11, { title: 'By month', type: 'table', configuration: figureConfig('month') })] })]);
    store.state.answer = () => ({
      unit: 'money',
      rows: [
        { key: '2026-03-01', label: 'Mar 2026', value: '10.00' },
        { key: '2026-04-01', label: 'Apr 2026', value: '20.00' },
      ],
      total: '30.00',
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    await opened('Months');
    const table = await region('By month');
    await within(table).findByText('Mar 2026');
    await user.click(within(table).getByRole('button', { name: 'Group' }));
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Mar 2026$10.00', 'Apr 2026$20.00']);
    await user.click(within(table).getByRole('button', { name: 'Group' }));
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Apr 2026$20.00', 'Mar 2026$10.00']);
  });

  it('saves the layout after a drag in one PATCH with every widget', { timeout: 30000 }, async () => {
    const store = start([
      makeDashboard(1, {
        name: 'Layout',
        widgets: [makeWidget(11, { title: 'First' }), makeWidget(12, { title: 'Second', layout: { x: 4, y: 0, w: 4, h: 4 } })],
      }),
    ]);
    // jsdom lays nothing out: a grid item's offset parent is its grid, as a browser would say.
    const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')!;
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: function (this: HTMLElement) { return this.parentElement; } });
    onTestFinished(() => {
      Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
    });
    renderApp('/dashboard');
    await opened('Layout');
    const first = await region('First');
    const handle = first.querySelector('.fw-widget-handle')!;
    fireEvent.mouseDown(handle, { clientX: 10, clientY: 10, button: 0 });
    fireEvent.mouseMove(document, { clientX: 300, clientY: 400 });
    fireEvent.mouseMove(document, { clientX: 700, clientY: 500 });
    fireEvent.mouseUp(document, { clientX: 700, clientY: 500 });
    await waitFor(() => expect(store.state.patches).toHaveLength(1));
    const { layout } = store.state.patches[0]!.body as { layout: Array<{ widgetId: number; layout: object }> };
    expect(layout.map((l) => l.widgetId).sort()).toEqual([11, 12]);
    expect(layout.find((l) => l.widgetId === 11)!.layout).not.toEqual({ x: 0, y: 0, w: 4, h: 4 });
    // A drag that ends where the server has it sends nothing more.
    fireEvent.mouseDown(handle, { clientX: 10, clientY: 10, button: 0 });
    fireEvent.mouseUp(document, { clientX: 10, clientY: 10 });
    await new Promise((r) => setTimeout(r, 50));
    expect(store.state.patches).toHaveLength(1);
  });
});
