import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { currentLocation, renderApp } from './render-app';

let mail: 'smtp' | 'outbox' | 'down' = 'smtp';
let requests: unknown[] = [];
const server = setupServer(
  http.get('/api/v1/health', () =>
    mail === 'down' ? HttpResponse.json({ statusCode: 503, message: 'Unavailable' }, { status: 503 }) : HttpResponse.json({ status: 'ok', db: 'sqlite', mail }),
  ),
  http.get('/api/v1/users/me', () => HttpResponse.json({ statusCode: 401, message: 'Authentication required' }, { status: 401 })),
  http.post('/api/v1/users/forgot-password', async ({ request }) => {
    requests.push(await request.json());
    return HttpResponse.json({ message: 'answered' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests = [];
});
afterAll(() => server.close());

async function requestLink(email: string) {
  const user = userEvent.setup();
  renderApp('/forgot-password');
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  await waitFor(() => expect(currentLocation()).toBe('/forgot-password/requested'));
  expect(requests).toEqual([{ email }]);
}

describe('forgot password', () => {
  it('promises an e-mail when the server sends mail', async () => {
    mail = 'smtp';
    await requestLink('dana@example.com');
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/a reset link is on its way\. The link works once and expires in one hour\./)).toBeInTheDocument();
  });

  it('sends the user to an administrator, without promising an e-mail, when the server keeps mail in its outbox', async () => {
    mail = 'outbox';
    renderApp('/forgot-password');
    expect(await screen.findByText('Enter the e-mail you sign in with. This server does not send e-mail: your administrator passes the reset link on to you.')).toBeInTheDocument();
    expect(screen.queryByText(/we will send you/)).not.toBeInTheDocument();
  });

  it('says after the request that the administrator must pass the link on when mail is not delivered', async () => {
    mail = 'outbox';
    await requestLink('dana@example.com');
    expect(await screen.findByRole('heading', { name: 'Ask your administrator' })).toBeInTheDocument();
    expect(screen.getByText(/This server does not send e-mail: ask your administrator to pass the link on to you\./)).toBeInTheDocument();
    expect(screen.queryByText(/on its way/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Check your e-mail/)).not.toBeInTheDocument();
  });

  it('promises nothing when the server cannot say whether it sends mail', async () => {
    mail = 'down';
    renderApp('/forgot-password/requested');
    expect(await screen.findByText(/If no e-mail reaches you, ask your administrator for it\./)).toBeInTheDocument();
    expect(screen.queryByText(/on its way/)).not.toBeInTheDocument();
  });
});
