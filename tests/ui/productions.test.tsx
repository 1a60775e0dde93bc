import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { DECIMAL_QUANTITY_MESSAGE } from '../../resources/money';
import { PRODUCTION_MESSAGES, PRODUCTION_SUCCESS } from '../../resources/production';
import { addFilter } from './filter-bar-helpers';
import { fakeToken } from './fixtures';
import { productionStore } from './productions-fixtures';
import { currentLocation, renderApp } from './render-app';

let store = productionStore();
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = productionStore();
  server.use(...store.handlers);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the productions list', () => {
  it('shows the rows newest first with status and money, and the filter bar sends its filters', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    renderApp('/productions');
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('North crew')).toBeInTheDocument();
    expect(within(grid).getByText('South crew')).toBeInTheDocument();
    expect(within(grid).getAllByText('$1,125.00')).toHaveLength(2);
    expect(within(grid).getByText('Submitted')).toBeInTheDocument();
    expect(store.state.listQueries[0]!.get('_sort')).toBe('date');
    expect(store.state.listQueries[0]!.get('_order')).toBe('desc');

    const bar = screen.getByRole('search', { name: 'Filter productions' });
    await addFilter(user, bar, 'Status', 'is', { pick: 'Submitted' });
    await waitFor(() => expect(store.state.listQueries.at(-1)!.get('status')).toBe('submitted'));
    // The crew is picked among the crews the company records production for.
    await addFilter(user, bar, 'Crew', 'is', { pick: 'South crew' });
    await waitFor(() => expect(store.state.listQueries.at(-1)!.get('crewId')).toBe('22'));
    await addFilter(user, bar, 'Date', 'on or after', { type: '2026-03-01' });
    await waitFor(() => expect(store.state.listQueries.at(-1)!.get('date_gte')).toBe('2026-03-01'));
    expect(within(bar).getByRole('button', { name: 'Crew is South crew' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/productions?status=submitted&crewId=22&date_gte=2026-03-01');
    await user.click(within(bar).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect([...store.state.listQueries.at(-1)!.keys()].sort()).toEqual(['_end', '_order', '_sort', '_start']));
  });

  it('opens with the bar’s filters from its address, as a dashboard figure links to it', async () => {
    renderApp('/productions?status=submitted&crewId=22&date_gte=2026-02-01&date_lte=2026-02-28');
    const bar = await screen.findByRole('search', { name: 'Filter productions' });
    await waitFor(() => expect(store.state.listQueries.length).toBeGreaterThan(0));
    const sent = store.state.listQueries[0]!;
    expect([sent.get('status'), sent.get('crewId'), sent.get('date_gte'), sent.get('date_lte')]).toEqual(['submitted', '22', '2026-02-01', '2026-02-28']);
    for (const chip of ['Status is Submitted', 'Crew is South crew', 'Date on or after 2026-02-01', 'Date on or before 2026-02-28']) {
      expect(await within(bar).findByRole('button', { name: chip })).toBeInTheDocument();
    }
  });

  it('reads a link of before the filter bar (?scope=)', async () => {
    const scope = [
      { field: 'status', operator: 'eq', value: 'submitted' },
      { field: 'crewId', operator: 'eq', value: 22 },
      { field: 'date', operator: 'gt', value: '2026-01-31' },
      { field: 'date', operator: 'lt', value: '2026-03-01' },
    ];
    renderApp(`/productions?${new URLSearchParams({ scope: JSON.stringify(scope) })}`);
    const bar = await screen.findByRole('search', { name: 'Filter productions' });
    await waitFor(() => expect(store.state.listQueries.length).toBeGreaterThan(0));
    const sent = store.state.listQueries[0]!;
    expect([sent.get('status'), sent.get('crewId'), sent.get('date_gt'), sent.get('date_lt')]).toEqual(['submitted', '22', '2026-01-31', '2026-03-01']);
    expect(within(bar).getByRole('button', { name: 'Date after 2026-01-31' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Date before 2026-03-01' })).toBeInTheDocument();
  });

  it('opens a row on its inspection page', async () => {
    const user = userEvent.setup();
    renderApp('/productions');
    await user.click(await screen.findByText('South crew'));
    await waitFor(() => expect(currentLocation()).toBe('/productions/inspect/2'));
  });
});

describe('the new production dialog', () => {
  it('checks crew and quantities with the contract, then posts and opens the new production', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    store.state.crews = [store.state.crews[0]!, store.state.crews[1]!];
    renderApp('/productions');
    await user.click(await screen.findByRole('button', { name: 'New Production' }));
    const dialog = await screen.findByRole('dialog', { name: 'New production' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose a project')).toBeInTheDocument();
    expect(within(dialog).getByText(PRODUCTION_MESSAGES.crew)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: 'MSP-1 · Main Street Paving' }));
    // The client's project is not one to record on.
    expect(screen.queryByRole('option', { name: /Airport Utilities/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Crew/ }));
    await user.click(await screen.findByRole('option', { name: 'North crew' }));
    await user.clear(within(dialog).getByLabelText(/^Date/));
    await user.type(within(dialog).getByLabelText(/^Date/), '2026-03-11');
    const quantity = await within(dialog).findByRole('textbox', { name: 'Quantity of Curb and gutter' });
    await user.type(quantity, '1.2345');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(DECIMAL_QUANTITY_MESSAGE)).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '1.234');
    await user.type(within(dialog).getByRole('textbox', { name: 'Photos required for Curb and gutter' }), '3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Weather' }), 'Rain after noon');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(PRODUCTION_SUCCESS.created)).toBeInTheDocument();
    expect(store.state.sent).toEqual([
      {
        method: 'POST',
        path: '/production/project/1',
        body: { crewId: 21, date: '2026-03-11', items: [{ budgetItemId: 601, quantity: '1.234', photosNumber: 3 }], texts: { weather: 'Rain after noon' } },
      },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/productions/inspect/10'));
  });

  it("a crew's day that has a sheet already: the refusal shows at the top of the dialog with the way to that day's sheet", { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    const revealed: Element[] = [];
    // jsdom has no scrollIntoView: record what the dialog brings into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      revealed.push(this);
    };
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderApp('/productions');
    await user.click(await screen.findByRole('button', { name: 'New Production' }));
    const dialog = await screen.findByRole('dialog', { name: 'New production' });
    await user.click(within(dialog).getByRole('combobox', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: 'MSP-1 · Main Street Paving' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Crew/ }));
    await user.click(await screen.findByRole('option', { name: 'North crew' }));
    await user.clear(within(dialog).getByLabelText(/^Date/));
    await user.type(within(dialog).getByLabelText(/^Date/), '2026-03-10');
    await user.type(await within(dialog).findByRole('textbox', { name: 'Quantity of Curb and gutter' }), '2');
    // The field says what the number is.
    expect(within(dialog).getByRole('textbox', { name: 'Photos required for Curb and gutter' })).toHaveAccessibleDescription('How many the crew must take');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(PRODUCTION_MESSAGES.duplicate);
    // Above the form's first field, and scrolled into view for a phone's full-screen dialog.
    expect(alert.compareDocumentPosition(within(dialog).getByRole('combobox', { name: /Project/ })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(revealed).toContain(alert);
    await user.click(within(alert).getByRole('button', { name: "Open that day's sheet" }));
    await waitFor(() => expect(currentLocation()).toBe('/productions/inspect/1'));
  });
});
