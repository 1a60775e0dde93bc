import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const owner = fakeUser('Owner');
const acme = owner.memberships[0]!;
const beta = { ...acme, id: 11, companyId: 8, company: { ...acme.company, id: 8, name: 'Beta Utilities' } };
const user = { ...owner, memberships: [acme, beta] };

/** The X-Company-Id of every crews call the page made. */
let crewCalls: Array<string | null> = [];
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user })),
  http.get('/api/v1/crews', ({ request }) => {
    crewCalls.push(request.headers.get('x-company-id'));
    return HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
  }),
  http.get('/api/v1/users/me/views', () => HttpResponse.json([])),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => {
  crewCalls = [];
  localStorage.setItem('fieldwork.accessToken', fakeToken());
});
afterAll(() => server.close());

describe('the company a tab acts in', () => {
  it('is the one this tab chose, sent as X-Company-Id, whatever the account default is', async () => {
    sessionStorage.setItem('fieldwork.companyId', '8');
    renderApp('/crews');
    await waitFor(() => expect(crewCalls.length).toBeGreaterThan(0));
    expect(new Set(crewCalls)).toEqual(new Set(['8']));
    // The navigation names the tab's company beside the role held there.
    await waitFor(() => expect(screen.getAllByTestId('nav-role')[0]).toHaveTextContent('Beta Utilities · Owner'));
  });

  it('starts at the default company in a new tab and keeps it for the tab', async () => {
    renderApp('/crews');
    await waitFor(() => expect(crewCalls.length).toBeGreaterThan(0));
    expect(new Set(crewCalls)).toEqual(new Set(['7']));
    expect(sessionStorage.getItem('fieldwork.companyId')).toBe('7');
  });

  it('falls back to the default when the tab\'s company is no longer one of the user\'s', async () => {
    sessionStorage.setItem('fieldwork.companyId', '99');
    renderApp('/crews');
    await waitFor(() => expect(crewCalls.length).toBeGreaterThan(0));
    expect(new Set(crewCalls)).toEqual(new Set(['7']));
  });
});
