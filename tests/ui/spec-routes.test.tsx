import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { company, fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';
import { openInMobile } from '../../src/routing/app-base';

// Leaving for the phone client is a whole page load, which jsdom cannot do: seen as the call.
vi.mock('../../src/routing/app-base', async (original) => ({ ...(await original<typeof import('../../src/routing/app-base')>()), openInMobile: vi.fn() }));

let me: ReturnType<typeof fakeUser> | null = null;
const empty = () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
const server = setupServer(
  http.get('/api/v1/users/me', () => (me ? HttpResponse.json({ user: me }) : HttpResponse.json({}, { status: 401 }))),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/production', empty),
  http.get('/api/v1/production/crews', () => HttpResponse.json([])),
  http.get('/api/v1/projects', empty),
  // The shell's other calls (bell, chat, dashboards) get an empty answer.
  http.get('/api/v1/*', empty),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  me = null;
});
afterAll(() => server.close());

function signIn(user: ReturnType<typeof fakeUser>) {
  me = user;
  localStorage.setItem('fieldwork.accessToken', fakeToken());
}

describe('routes of the spec for the field and the editor', () => {
  it('sends a project manager opening a project board to the dashboard with returnTo, not to the 404 page', async () => {
    signIn(fakeUser('ProjectManager'));
    renderApp('/project-board/5');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?returnTo=%2Fproject-board%2F5'));
    expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
    expect(screen.queryByText('404')).not.toBeInTheDocument();
  });

  it('sends a plain member opening a project board on through the dashboard to productions', async () => {
    signIn(fakeUser('Member'));
    renderApp('/project-board/5');
    await waitFor(() => expect(currentLocation()).toBe('/productions'));
    expect(await screen.findByRole('heading', { name: 'Productions' })).toBeInTheDocument();
  });

  it("opens a crew leader's project board, projects-list and production in the phone client, and leaves the rest on the desk", async () => {
    signIn(fakeUser('CrewLeader'));
    const opened = vi.mocked(openInMobile);
    for (const [desk, phone] of [
      ['/project-board/5', 'project-board/5'],
      ['/projects-list', 'projects-list'],
      ['/productions/inspect/9/items', 'productions/9'],
    ]) {
      opened.mockClear();
      const shown = renderApp(desk);
      await waitFor(() => expect(opened).toHaveBeenCalledWith(phone));
      shown.unmount();
    }
    opened.mockClear();
    renderApp('/calendar');
    expect(await screen.findByRole('heading', { name: /Calendar/ })).toBeInTheDocument();
    expect(opened).not.toHaveBeenCalled();
  });

  it('sends a guest opening the editor to login, to come back to it', async () => {
    renderApp('/editor');
    await waitFor(() => expect(currentLocation()).toBe('/login?returnTo=%2Feditor'));
  });
});

describe('the settings landing (spec 01 §2 `settings`)', () => {
  it("lists an owner's company settings and their own, each a link reached from the navigation", async () => {
    signIn(fakeUser('Owner'));
    renderApp('/settings');
    const navs = await screen.findAllByRole('navigation', { name: 'Main navigation', hidden: true });
    for (const nav of navs) expect(within(nav).getByRole('link', { name: 'All Settings', hidden: true })).toHaveAttribute('href', '/settings');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    const user = userEvent.setup();

    const company = within(screen.getByRole('region', { name: 'Company settings' }));
    const links = company.getAllByRole('link').map((a) => [a.querySelector('span')?.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Item Categories', '/catalog/categories'],
      ['Task Types', '/task-types'],
      ['Footprint Types', '/footprint-types'],
      ['Damage Types', '/damage-types'],
      ['Safety Authorities', '/safety-authorities'],
      ['Roles', '/roles'],
    ]);
    const own = within(screen.getByRole('region', { name: 'Your settings' }));
    expect(own.getByRole('link', { name: /^Profile/ })).toHaveAttribute('href', '/profile');
    expect(own.getByRole('link', { name: /^Company/ })).toHaveAttribute('href', '/companies/7');

    // The display entry opens the settings drawer, from the keyboard too.
    own.getByRole('button', { name: /^Display/ }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Close settings' })).toBeInTheDocument();
  });

  it('shows Claims only the settings their role opens', async () => {
    signIn(fakeUser('Claims'));
    renderApp('/settings');
    const company = within(await screen.findByRole('region', { name: 'Company settings' }));
    expect(company.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/damage-types', '/safety-authorities']);
  });

  it('sends a plain member, who opens no settings, to productions', async () => {
    signIn(fakeUser('Member'));
    renderApp('/settings');
    await waitFor(() => expect(currentLocation()).toBe('/productions'));
  });
});
