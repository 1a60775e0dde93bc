import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { fakeToken } from './fixtures';
import { fieldStore, makeLocate } from './logs-fixtures';
import { currentLocation, renderApp } from './render-app';

let store = fieldStore();
const server = setupServer();

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const start = (...args: Parameters<typeof fieldStore>) => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = fieldStore(...args);
  store.state.locates = [
    makeLocate(1, { ticketNumber: 'SOON-1', expiresOn: day(2) }),
    makeLocate(2, { ticketNumber: 'OLD-1', expiresOn: day(-1), expired: true }),
    makeLocate(3, { ticketNumber: 'LATER-1', expiresOn: day(30) }),
    makeLocate(4, { ticketNumber: 'DONE-1', expiresOn: day(-3), status: 'closed' }),
  ];
  server.use(...store.handlers);
};

describe('the locates list', () => {
  it('makes tickets about to expire stand out, and filters expiring soon', { timeout: 30000 }, async () => {
    start('Owner');
    const user = userEvent.setup();
    renderApp('/locates');
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('SOON-1')).toBeInTheDocument();
    expect(within(grid).getByText('Expires in 2 days')).toBeInTheDocument();
    expect(within(grid).getByText('Expired')).toBeInTheDocument();
    // A closed ticket and one far off carry no chip.
    expect(within(grid).getAllByText(/^(Expired$|Expires in)/)).toHaveLength(2);
    expect(store.state.locateQueries[0]!.get('_sort')).toBe('expiresOn');
    expect(store.state.locateQueries[0]!.get('_order')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Expiring soon' }));
    await waitFor(() => expect(store.state.locateQueries.at(-1)!.get('expiresOn_lte')).toBe(day(2)));
    const query = store.state.locateQueries.at(-1)!;
    expect(query.get('expiresOn_gte')).toBe(day(0));
    expect(query.get('status_ne')).toBe('closed');
    expect(screen.getByRole('button', { name: 'New Locate' })).toBeInTheDocument();
    await user.click(within(grid).getByText('LATER-1'));
    await waitFor(() => expect(currentLocation()).toBe('/locates/3'));
  });

  it('a Supervisor (crews:manage, not locate-manage) reads without the New button', async () => {
    start('Supervisor', { selfPermissions: [] });
    renderApp('/locates');
    expect(await screen.findByText('SOON-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Locate' })).not.toBeInTheDocument();
  });

  it('a crew leader (no locate view) is sent to the dashboard, which they may open, with the way back', async () => {
    start('CrewLeader', { selfPermissions: [] });
    renderApp('/locates');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?returnTo=%2Flocates'));
  });
});

describe('a locate ticket', () => {
  it('shows its details and adds and edits utility responses', { timeout: 30000 }, async () => {
    start('Owner');
    const user = userEvent.setup();
    renderApp('/locates/1');
    expect(await screen.findByText('Ticket SOON-1')).toBeInTheDocument();
    expect(screen.getByText('Expires in 2 days')).toBeInTheDocument();
    expect(screen.getByText('No utility has responded yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add response' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add response' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the utility’s name')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Utility/ }), 'Austin Water');
    await user.click(within(dialog).getByRole('combobox', { name: 'Response' }));
    await user.click(await screen.findByRole('option', { name: 'Marked' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.state.sent).toHaveLength(1));
    expect(store.state.sent[0]).toMatchObject({ method: 'POST', path: '/locates/1/responses', body: { utilityName: 'Austin Water', status: 'marked' } });
    const table = await screen.findByRole('table', { name: 'Responses' });
    expect(await within(table).findByText('Austin Water')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Edit response of Austin Water' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit response' });
    await user.click(within(edit).getByRole('combobox', { name: 'Response' }));
    await user.click(await screen.findByRole('option', { name: 'Conflict' }));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.state.sent).toHaveLength(2));
    expect(store.state.sent[1]).toMatchObject({ method: 'PATCH', body: { status: 'conflict', utilityName: 'Austin Water' } });
    expect(await within(table).findByText('Conflict')).toBeInTheDocument();
  });

  it('hides the changes from a reader without locate-manage', async () => {
    start('Supervisor', { selfPermissions: [] });
    store.state.locates[0]!.canManage = false;
    renderApp('/locates/1');
    expect(await screen.findByText('Ticket SOON-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add response' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
