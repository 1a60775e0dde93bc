import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router';
import { App } from '../../src/App';
import { company, fakeToken, fakeUser } from './fixtures';

/** Every location the router passes through, so a redirect chain can be checked hop by hop. */
let visited: string[] = [];
function RecordingProbe() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (visited[visited.length - 1] !== here) visited.push(here);
  return <output data-testid="location">{here}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <RecordingProbe />
    </MemoryRouter>,
  );
}
const currentLocation = () => screen.getByTestId('location').textContent;

let me: ReturnType<typeof fakeUser> | null = null;
const server = setupServer(
  http.get('/api/v1/users/me', () => (me ? HttpResponse.json({ user: me }) : HttpResponse.json({}, { status: 401 }))),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/companies/7/activity', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  // The productions list, where plain members land.
  http.get('/api/v1/production', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/v1/production/crews', () => HttpResponse.json([])),
  http.get('/api/v1/projects', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  me = null;
  visited = [];
});
afterAll(() => server.close());

function signIn(user: ReturnType<typeof fakeUser>) {
  me = user;
  localStorage.setItem('fieldwork.accessToken', fakeToken());
}

/** An owner whose active company is on `plan`. */
function ownerOnPlan(plan: string) {
  const user = fakeUser('Owner');
  const membership = { ...user.memberships[0], company: { ...user.memberships[0].company, plan } };
  return { ...user, memberships: [membership], company: membership.company } as typeof user;
}

const NOT_FOUND = '/pages/errors/error-404';

describe('route access rules as a user meets them', () => {
  // The hop is checked rather than the final page: this build has no productions screen yet, so the
  // catch-all route moves on to the 404 page after it.
  it("sends a plain member away from the dashboard, with no returnTo, to productions (spec 02 §2)", async () => {
    signIn(fakeUser('Member'));
    renderAt('/dashboard');
    await waitFor(() => expect(currentLocation()).toBe('/productions'));
    expect(await screen.findByRole('heading', { name: 'Productions' })).toBeInTheDocument();
    expect(visited.some((l) => l.includes('error-404'))).toBe(false);
    expect(visited.some((l) => l.includes('returnTo'))).toBe(false);
    expect(visited.some((l) => l.startsWith('/login'))).toBe(false);
    expect(screen.queryByText('Welcome, Dana')).not.toBeInTheDocument();
  });

  it('sends a signed-in user without a company from the dashboard to register/company', async () => {
    signIn(fakeUser(null));
    renderAt('/dashboard');
    await waitFor(() => expect(currentLocation()).toBe('/register/company'));
    expect(await screen.findByRole('button', { name: 'CREATE COMPANY' })).toBeInTheDocument();
    expect(visited.some((l) => l.startsWith('/login'))).toBe(false);
  });

  it("shows an owner on the free plan the role, the 'Upgrade' badge and the Dashboard entry", async () => {
    signIn(fakeUser('Owner'));
    renderAt('/dashboard');
    expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard');
    expect(screen.getByTestId('toolbar-role')).toHaveTextContent(/^Owner$/);
    expect(screen.getByTestId('plan-badge')).toHaveTextContent(/^Upgrade$/);
    const navs = screen.getAllByRole('navigation', { name: 'Main navigation', hidden: true });
    expect(navs.length).toBeGreaterThan(0);
    for (const nav of navs) {
      expect(within(nav).getByRole('link', { name: 'Dashboard', hidden: true })).toHaveAttribute('href', '/dashboard');
    }
  });

  it("shows 'Paid' to an owner whose company is on another plan", async () => {
    signIn(ownerOnPlan('pro'));
    renderAt('/dashboard');
    expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
    expect(screen.getByTestId('toolbar-role')).toHaveTextContent(/^Owner$/);
    expect(screen.getByTestId('plan-badge')).toHaveTextContent(/^Paid$/);
    expect(screen.queryByText('Upgrade')).not.toBeInTheDocument();
  });

  it('sends a signed-in user away from register/account to register/company', async () => {
    signIn(fakeUser(null));
    renderAt('/register/account');
    await waitFor(() => expect(currentLocation()).toBe('/register/company'));
    expect(await screen.findByRole('button', { name: 'CREATE COMPANY' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('sends a signed-in owner away from register/account too (to register/company, allowed for them)', async () => {
    signIn(fakeUser('Owner'));
    renderAt('/register/account');
    // An owner can reach the dashboard, so the general rule appends a returnTo here (spec 01 §2).
    await waitFor(() => expect(currentLocation()?.split('?')[0]).toBe('/register/company'));
    expect(await screen.findByRole('button', { name: 'CREATE COMPANY' })).toBeInTheDocument();
  });

  it('answers an unknown path with the 404 page, signed in or not', async () => {
    renderAt('/no/such/page');
    await waitFor(() => expect(currentLocation()).toBe(NOT_FOUND));
    expect(await screen.findByText('Sorry but we could not find the page you are looking for')).toBeInTheDocument();
  });

  it('answers an unknown path with the 404 page for a signed-in owner', async () => {
    signIn(fakeUser('Owner'));
    renderAt('/companies/7/no/such/section');
    await waitFor(() => expect(currentLocation()).toBe(NOT_FOUND));
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});
