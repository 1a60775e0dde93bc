import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { DAMAGE_SUCCESS } from '../../resources/damage';
import { damageStore } from './damages-fixtures';
import { fakeToken } from './fixtures';
import { currentLocation, renderApp } from './render-app';

let store = damageStore();
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = damageStore();
  server.use(...store.handlers);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the damages list', () => {
  it('asks for the newest damage date first and shows status and money; a row opens its page', async () => {
    const user = userEvent.setup();
    renderApp('/damages');
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('Round Rock')).toBeInTheDocument();
    expect(within(grid).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(grid).getByText('Claimed')).toBeInTheDocument();
    expect(store.state.listQueries[0]!.get('_sort')).toBe('damageDate');
    expect(store.state.listQueries[0]!.get('_order')).toBe('desc');
    await user.click(within(grid).getByText('Round Rock'));
    await waitFor(() => expect(currentLocation()).toBe('/damages/4'));
  });

  it('reports a damage through the dialog, checked with the contract, then opens its files', { timeout: 30000 }, async () => {
    const user = userEvent.setup();
    renderApp('/damages/create');
    const dialog = await screen.findByRole('dialog', { name: 'New Damage' });
    await user.type(within(dialog).getByLabelText('Latitude'), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Latitude must be a number from -90 to 90')).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Latitude'));
    await user.type(within(dialog).getByLabelText('Damage date'), '2026-03-07');
    await user.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Main Street Paving' }));
    await user.type(within(dialog).getByLabelText('Amount'), '99.90');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentLocation()).toBe('/damages/6/files'));
    expect(store.state.sent[0]).toMatchObject({ method: 'POST', path: '/damages', body: { damageDate: '2026-03-07', projectId: 1, amount: '99.90' } });
    expect(await screen.findByText(DAMAGE_SUCCESS.created)).toBeInTheDocument();
  });
});

describe('the damage page', () => {
  it('shows the details and moves the status through the allowed moves only', async () => {
    const user = userEvent.setup();
    renderApp('/damages/5');
    expect(await screen.findByRole('heading', { name: /Damage of/ })).toBeInTheDocument();
    expect(screen.getByText('Texas 811')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark claimed' }));
    await waitFor(() => expect(store.state.sent).toEqual([{ method: 'PATCH', path: '/damages/5', body: { status: 'claimed' } }]));
    expect(await screen.findByText(DAMAGE_SUCCESS.saved)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Start repair' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark claimed' })).not.toBeInTheDocument();
  });

  it('uploads proof of amount and lists it; the activity section reads the trail', async () => {
    const user = userEvent.setup();
    renderApp('/damages/5/proof');
    expect(await screen.findByText('No proof of amount yet.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Add proof of amount'), new File(['%PDF-1.4'], 'estimate.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('link', { name: 'estimate.pdf' })).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/damages/5/files/proof', body: null }]);
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('Damage created')).toBeInTheDocument();
    // The trail reads the status labels, without the internal list of next moves.
    expect(screen.getByText('Damage status changed: Reported → In repair')).toBeInTheDocument();
  });

  it('a reader (damages:view) sees no moves, edit or upload', async () => {
    store.state.role = 'CrewLeader';
    renderApp('/damages/5/files');
    expect(await screen.findByRole('link', { name: 'hole.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark claimed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add files')).not.toBeInTheDocument();
  });
});
