import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { PartnershipView } from '../../resources/partnership';
import { pass, startFakeTime } from './fake-time';
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
  endedAt: null,
  endedBy: null,
  markets: [{ id: 1, name: 'Dallas Fiber' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const companyMarkets = [
  { id: 1, name: 'Dallas Fiber' },
  { id: 2, name: 'Austin Fiber' },
  { id: 3, name: 'Austin Paving' },
];

/** Alpha asks this company (Acme) to be its client: an incoming request. */
const incoming: PartnershipView = { ...partnership, id: 11, name: 'Alpha Asphalt', side: 'partner', status: 'requested', contactName: 'Al Alpha', markets: [] };
const listed: PartnershipView[] = [
  partnership,
  { ...partnership, id: 8, name: 'Zulu Utilities', side: 'partner', markets: [] },
  incoming,
  { ...partnership, id: 12, name: 'Quebec Quarry', status: 'requested', contactName: null, contactEmail: null, markets: [] },
  { ...partnership, id: 13, name: 'Echo Earthworks', status: 'ended', endedAt: '2026-02-01T00:00:00.000Z', endedBy: 'partner', markets: [] },
];

let marketSearches: string[] = [];
let companySearches: string[] = [];
let posted: Array<{ url: string; body: unknown }> = [];
let sent: Array<{ method: string; path: string; body: unknown }> = [];
let shown: PartnershipView = partnership;
let rows: PartnershipView[] = listed;
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
  http.get('/api/v1/partnerships/get/:id', () => HttpResponse.json(shown)),
  http.get('/api/v1/partnerships/list/client', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const matching = rows.filter((r) => ['status', 'side'].every((f) => !query.has(f) || query.get(f) === r[f as 'status' | 'side']));
    return HttpResponse.json(matching, { headers: { 'X-Total-Count': String(matching.length) } });
  }),
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
    const added: PartnershipView = { ...partnership, id: 6, name: 'Charlie Cabling', partnerId: 12, status: 'requested', contactName: null, contactEmail: null, markets: [] };
    rows = [...rows, added];
    return HttpResponse.json(added, { status: 201 });
  }),
  http.patch('/api/v1/partnerships/:id/:verb', async ({ params, request }) => {
    const text = await request.text();
    sent.push({ method: 'PATCH', path: `${params.id}/${params.verb}`, body: text ? JSON.parse(text) : null });
    const status = params.verb === 'accept' ? 'active' : 'declined';
    rows = rows.map((r) => (r.id === Number(params.id) ? { ...r, status } : r));
    return HttpResponse.json({ ...incoming, status });
  }),
  http.delete('/api/v1/partnerships/delete/:id', ({ params }) => {
    sent.push({ method: 'DELETE', path: String(params.id), body: null });
    return new HttpResponse(null, { status: 204 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  marketSearches = [];
  companySearches = [];
  posted = [];
  sent = [];
  shown = partnership;
  rows = listed;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Past the search's pause in typing, on the fake clock: a request that was going to happen has happened. */
const settle = () => pass(600);

describe('clients: markets and the add dialog', () => {
  it('asks the server for markets only once the text is longer than 2 characters, and adds the one picked', async () => {
    const user = startFakeTime();
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

  it('shows the partner side the markets without the editor', async () => {
    shown = { ...partnership, side: 'partner' };
    renderApp('/clients/5/markets');
    expect(await screen.findByText('Dallas Fiber')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a market')).not.toBeInTheDocument();
    // Either company may end an active partnership.
    expect(screen.getByRole('button', { name: 'End partnership' })).toBeInTheDocument();
  });

  it('lists each status in words, offering End on active partnerships and own requests, not on incoming or ended ones', async () => {
    renderApp('/clients');
    expect(await screen.findByText('Zulu Utilities')).toBeInTheDocument();
    const grid = screen.getByRole('grid');
    const rowOf = (name: string) => within(grid).getAllByRole('row').find((r) => within(r).queryByText(name))!;
    expect(within(rowOf('Bravo Boring')).getByText('Dallas Fiber')).toBeInTheDocument();
    expect(within(rowOf('Quebec Quarry')).getByText('Requested')).toBeInTheDocument();
    expect(within(rowOf('Echo Earthworks')).getByText('Ended')).toBeInTheDocument();
    for (const name of ['Bravo Boring', 'Zulu Utilities', 'Quebec Quarry']) expect(within(rowOf(name)).getByRole('menuitem', { name: 'End' }), name).toBeInTheDocument();
    for (const name of ['Alpha Asphalt', 'Echo Earthworks']) expect(within(rowOf(name)).queryByRole('menuitem', { name: 'End' }), name).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows requests made to the company above the grid and accepts one with an empty body', async () => {
    const user = userEvent.setup();
    renderApp('/clients');
    const requests = await screen.findByRole('region', { name: 'Requests to work with you' });
    expect(within(requests).getByText('A company asks to work with you as your client')).toBeInTheDocument();
    expect(within(requests).getByText('Alpha Asphalt')).toBeInTheDocument();
    await user.click(within(requests).getByRole('button', { name: 'Accept Alpha Asphalt' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'PATCH', path: '11/accept', body: {} }]));
    expect(await screen.findByText('Request Accepted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Requests to work with you' })).not.toBeInTheDocument());
  });

  it('declines a request from its page with a reason the asking company will read', async () => {
    const user = userEvent.setup();
    shown = incoming;
    renderApp('/clients/11');
    expect(await screen.findByText('Alpha Asphalt asks to work with you as your client. Nothing of your company is shared until you accept.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End partnership' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline Alpha Asphalt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'We only work in Texas.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'PATCH', path: '11/decline', body: { reason: 'We only work in Texas.' } }]));
    expect(await screen.findByText('Request Declined')).toBeInTheDocument();
  });

  it("tells the asking company it waits for an answer, and lets it withdraw", async () => {
    const user = userEvent.setup();
    shown = listed[3]!;
    renderApp('/clients/12');
    expect(await screen.findByText('Waiting for Quebec Quarry to accept. You see its contact once it does.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Quebec Quarry' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: '12', body: null }]));
    expect(await screen.findByText('Client Deleted')).toBeInTheDocument();
  });

  it('shows an ended partnership as ended, by whom, with nothing left to change', async () => {
    shown = listed[4]!;
    renderApp('/clients/13');
    expect(await screen.findByText('This partnership has ended. Your items and records for it stay yours: delete or keep them as you need.')).toBeInTheDocument();
    expect(screen.getAllByText('Ended').length).toBeGreaterThan(0);
    expect(screen.getByText(`${new Date('2026-02-01T00:00:00.000Z').toLocaleDateString()}, by Echo Earthworks`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End partnership' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('adds an existing company found by name prefix, with the spec toast', async () => {
    const user = startFakeTime();
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
    // The new row waits for the company's answer.
    const row = (await screen.findByText('Charlie Cabling')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Requested')).toBeInTheDocument();
  });

  it('offers only names in the existing-company search and says the company must accept', async () => {
    const user = userEvent.setup();
    renderApp('/clients/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add client' });
    expect(within(dialog).getByText(/It gets a request to work with you, which it accepts or declines/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Until it accepts you see only its name\./)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Company'), 'Cha');
    const option = await screen.findByRole('option', { name: 'Charlie Cabling' });
    expect(option.textContent).toBe('Charlie Cabling');
  });
});
