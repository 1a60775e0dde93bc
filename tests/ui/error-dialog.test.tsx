import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { company, fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';

const TOKEN_KEY = 'fieldwork.accessToken';
const owner = fakeUser('Owner');
let dashboardCalls = 0;

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: owner })),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/dashboards', () => {
    dashboardCalls++;
    return HttpResponse.json([]);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  dashboardCalls = 0;
  localStorage.setItem(TOKEN_KEY, fakeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// The dashboard's first call: the viewer's dashboards.
const failDashboards = (answer: () => Response) =>
  server.use(
    http.get('/api/v1/dashboards', () => {
      dashboardCalls++;
      return answer();
    }),
  );

const serverError = () =>
  HttpResponse.json(
    { statusCode: 500, message: 'Internal server error', error: { statusCode: 500, message: 'Internal server error', code: 'INTERNAL' } },
    { status: 500 },
  );

describe('the generic error dialog', () => {
  it('shows a failed data call as Error {statusCode}, the message and the request, and Close dismisses it', async () => {
    failDashboards(serverError);
    const user = userEvent.setup();
    renderApp('/dashboard');

    const dialog = await screen.findByRole('dialog', { name: 'Error 500' });
    expect(within(dialog).getByText('Internal server error')).toBeInTheDocument();
    expect(within(dialog).getByText('While trying to perform request "/api/v1/dashboards"')).toBeInTheDocument();
    // The page behind stays where it was and says what it could not load.
    expect(currentLocation()).toBe('/dashboard');
    expect(localStorage.getItem(TOKEN_KEY)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Welcome, Dana')).toBeInTheDocument();
  });

  it('can be closed from the keyboard: Close has the focus and Escape closes too', async () => {
    failDashboards(serverError);
    const user = userEvent.setup();
    renderApp('/dashboard');

    const dialog = await screen.findByRole('dialog', { name: 'Error 500' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(close).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes with Enter on the focused Close button', async () => {
    failDashboards(serverError);
    const user = userEvent.setup();
    renderApp('/dashboard');

    const dialog = await screen.findByRole('dialog', { name: 'Error 500' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says there is no connection when no answer comes back at all', async () => {
    failDashboards(() => HttpResponse.error());
    renderApp('/dashboard');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Network error. Check the internet connection and try again.')).toBeInTheDocument();
    expect(within(dialog).getByText('While trying to perform request "/api/v1/dashboards"')).toBeInTheDocument();
    expect(within(dialog).queryByText(/^Error \d+$/)).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeTruthy();
  });

  it('ends the session on a 401 from a data call and sends the user to login with returnTo, with no dialog', async () => {
    failDashboards(() =>
      HttpResponse.json(
        { statusCode: 401, message: 'Authentication required', error: { statusCode: 401, message: 'Authentication required', code: 'UNAUTHORIZED' } },
        { status: 401 },
      ),
    );
    server.use(
      // Once the token is gone the server would refuse the identity too.
      http.get('/api/v1/users/me', ({ request }) =>
        request.headers.get('authorization') ? HttpResponse.json({ user: owner }) : HttpResponse.json({}, { status: 401 }),
      ),
    );
    renderApp('/dashboard');

    await waitFor(() => expect(currentLocation()).toBe('/login?returnTo=%2Fdashboard'));
    expect(dashboardCalls).toBeGreaterThan(0);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    // Stays there: nothing else (Refine's own logout) moves it on to a bare /login afterwards.
    await new Promise((r) => setTimeout(r, 300));
    expect(currentLocation()).toBe('/login?returnTo=%2Fdashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
