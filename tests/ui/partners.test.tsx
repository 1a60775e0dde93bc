import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { PartnershipView } from '../../resources/partnership';
import { fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const partnership: PartnershipView = {
  id: 5,
  type: 'client',
  clientId: 9,
  subcontractorId: 7,
  partnerId: 9,
  name: 'Bravo Boring',
  contactName: 'Bea Bravo',
  contactEmail: 'bea@bravo.example',
  status: 'active',
  declineReason: null,
  side: 'host',
  markets: [{ id: 1, name: 'Dallas Fiber' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const companyMarkets = [
  { id: 1, name: 'Dallas Fiber' },
  { id: 2, name: 'Austin Fiber' },
  { id: 3, name: 'Austin Paving' },
];

let marketSearches: string[] = [];
let companySearches: string[] = [];
let posted: Array<{ url: string; body: unknown }> = [];
let shown: PartnershipView = partnership;
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
  http.get('/api/v1/partnerships/get/5', () => HttpResponse.json(shown)),
  http.get('/api/v1/partnerships/list/client', () =>
    HttpResponse.json([partnership, { ...partnership, id: 8, name: 'Zulu Utilities', side: 'partner', markets: [] }], { headers: { 'X-Total-Count': '2' } }),
  ),
  http.get('/api/v1/market/prefix/:text', ({ params }) => {
    const text = decodeURIComponent(String(params.text));
    marketSearches.push(text);
    return HttpResponse.json({ markets: companyMarkets.filter((m) => m.name.toLowerCase().startsWith(text.toLowerCase())) });
  }),
  http.post('/api/v1/partnerships/5/market', async ({ request }) => {
    const body = (await request.json()) as { name: string };
    posted.push({ url: request.url, body });
    return HttpResponse.json({ markets: [...partnership.markets, { id: 2, name: body.name }] });
  }),
  http.get('/api/v1/partnerships/companies/prefix/:text', ({ params }) => {
    companySearches.push(decodeURIComponent(String(params.text)));
    return HttpResponse.json({ companies: [{ id: 12, name: 'Charlie Cabling' }] });
  }),
  http.post('/api/v1/partnerships/add/client', async ({ request }) => {
    const body = await request.json();
    posted.push({ url: request.url, body });
    return HttpResponse.json({ ...partnership, id: 6, name: 'Charlie Cabling', partnerId: 12 }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  marketSearches = [];
  companySearches = [];
  posted = [];
  shown = partnership;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Longer than the search's pause in typing, so a request that was going to happen has happened. */
const settle = () => new Promise((r) => setTimeout(r, 600));

describe('clients: markets and the add dialog', () => {
  it('asks the server for markets only once the text is longer than 2 characters, and adds the one picked', async () => {
    const user = userEvent.setup();
    renderApp('/clients/5/markets');
    const input = await screen.findByLabelText('Add a market');
    expect(screen.getByText('Dallas Fiber')).toBeInTheDocument();

    await user.type(input, 'A');
    await settle();
    await user.type(input, 'u');
    await settle();
    expect(marketSearches).toEqual([]);

    await user.type(input, 's');
    await waitFor(() => expect(marketSearches).toEqual(['Aus']));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Austin Fiber', 'Austin Paving']);

    // Back to two characters: the list empties without another request.
    await user.type(input, '{Backspace}');
    await settle();
    expect(marketSearches).toEqual(['Aus']);

    await user.type(input, 's');
    await user.click(await screen.findByRole('option', { name: 'Austin Fiber' }));
    await waitFor(() => expect(posted).toEqual([{ url: expect.stringContaining('/partnerships/5/market'), body: { name: 'Austin Fiber' } }]));
  });

  it('shows the partner side the markets without the editor or the delete button', async () => {
    shown = { ...partnership, side: 'partner' };
    renderApp('/clients/5/markets');
    expect(await screen.findByText('Dallas Fiber')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a market')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lists clients with their markets, offering Delete only on the partnerships the company made', async () => {
    renderApp('/clients');
    expect(await screen.findByText('Zulu Utilities')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    const host = rows.find((r) => within(r).queryByText('Bravo Boring'))!;
    const partner = rows.find((r) => within(r).queryByText('Zulu Utilities'))!;
    expect(within(host).getByText('Dallas Fiber')).toBeInTheDocument();
    expect(within(host).getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(within(partner).queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('adds an existing company found by name prefix, with the spec toast', async () => {
    const user = userEvent.setup();
    renderApp('/clients/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add client' });
    const company = within(dialog).getByLabelText('Company');
    await user.type(company, 'Ch');
    await settle();
    expect(companySearches).toEqual([]);
    await user.type(company, 'a');
    await user.click(await screen.findByRole('option', { name: 'Charlie Cabling' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted).toEqual([{ url: expect.stringContaining('/partnerships/add/client'), body: { guestCompanyId: 12 } }]));
    expect(await screen.findByText('Client Added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add client' })).not.toBeInTheDocument());
  });
});
