import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { company, fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';

let signedIn = false;
let loginBodies: unknown[] = [];
const owner = fakeUser('Owner');
const server = setupServer(
  http.post('/api/v1/users/login', async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    loginBodies.push(body);
    if (body.password !== 'right-password') {
      return HttpResponse.json({ statusCode: 401, message: 'Invalid email or password', error: { statusCode: 401, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' } }, { status: 401 });
    }
    signedIn = true;
    return HttpResponse.json({ user: owner, token: fakeToken() });
  }),
  http.get('/api/v1/users/me', () =>
    signedIn ? HttpResponse.json({ user: owner }) : HttpResponse.json({ statusCode: 401, message: 'Authentication required' }, { status: 401 }),
  ),
  http.get('/api/v1/companies/7', () => HttpResponse.json(company)),
  http.get('/api/v1/companies/7/activity', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  signedIn = false;
  loginBodies = [];
});
afterAll(() => server.close());

const fields = () => ({
  email: screen.getByLabelText('Email'),
  password: screen.getByLabelText('Password'),
  submit: screen.getByRole('button', { name: 'Login' }),
});

describe('login page', () => {
  it('shows the tagline and keeps Login disabled until both e-mail and password are filled', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    expect(await screen.findByText(/Focus on the job/)).toBeInTheDocument();
    const { email, password, submit } = fields();
    expect(submit).toBeDisabled();
    await user.type(email, 'dana@example.com');
    expect(submit).toBeDisabled();
    await user.type(password, 'x');
    expect(submit).toBeEnabled();
    await user.clear(email);
    expect(submit).toBeDisabled();
  });

  it('has remember me on by default and a show/hide password toggle', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    expect(await screen.findByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    const { password } = fields();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it("shows 'Error: ' plus the server's message when login fails", async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(fields().password, 'wrong');
    await user.click(fields().submit);
    expect(await screen.findByText('Error: Invalid email or password')).toBeInTheDocument();
    expect(loginBodies).toEqual([{ email: 'dana@example.com', password: 'wrong', remember: true }]);
  });

  it('sends remember=false when unticked, then follows an accessible returnTo', async () => {
    const user = userEvent.setup();
    renderApp('/login?returnTo=%2Fcompanies%2F7');
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(fields().password, 'right-password');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(fields().submit);
    await waitFor(() => expect(currentLocation()).toBe('/companies/7'));
    expect(loginBodies).toEqual([{ email: 'dana@example.com', password: 'right-password', remember: false }]);
    expect(localStorage.getItem('fieldwork.accessToken')).toBeTruthy();
  });

  it('sends a guest opening a protected page to login with returnTo, and back there after login', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    await waitFor(() => expect(currentLocation()).toBe('/login?returnTo=%2Fdashboard'));
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(fields().password, 'right-password');
    await user.click(fields().submit);
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
  });

  it('tells a user whose stored session has expired to log in again', async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken(-60));
    renderApp('/dashboard');
    expect(await screen.findByText('Session has expired. Please log in.')).toBeInTheDocument();
    expect(localStorage.getItem('fieldwork.accessToken')).toBeNull();
  });

  it('tells a user whose token the server refuses that the session cannot be recovered', async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken(3600));
    renderApp('/dashboard');
    expect(await screen.findByText('Cannot recover session. Please log in.')).toBeInTheDocument();
  });

  it('sends an already signed-in member from login to the dashboard', async () => {
    signedIn = true;
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    renderApp('/login');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });
});
