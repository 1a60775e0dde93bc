import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderApp } from './render-app';

const posted: unknown[] = [];
let answer: () => Response = () => HttpResponse.json({ email: 'dana.new@example.com' });

const server = setupServer(
  http.post('/api/v1/users/confirm-email', async ({ request }) => {
    posted.push(await request.json());
    return answer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  posted.length = 0;
  answer = () => HttpResponse.json({ email: 'dana.new@example.com' });
  localStorage.clear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('confirm-email page', () => {
  it('confirms the new e-mail only when asked, without being signed in', async () => {
    const user = userEvent.setup();
    renderApp('/confirm-email?token=tok-1234567890');
    const button = await screen.findByRole('button', { name: 'Confirm e-mail' });
    expect(posted).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByText('Your e-mail is now dana.new@example.com. Sign in with it from now on.')).toBeInTheDocument();
    expect(posted).toEqual([{ token: 'tok-1234567890' }]);
  });

  it("shows the server's message for a spent or expired link", async () => {
    const message = 'This confirmation link is invalid or has expired.';
    answer = () => HttpResponse.json({ statusCode: 400, message, error: { statusCode: 400, message, code: 'INVALID_EMAIL_TOKEN' } }, { status: 400 });
    const user = userEvent.setup();
    renderApp('/confirm-email?token=tok-1234567890');
    await user.click(await screen.findByRole('button', { name: 'Confirm e-mail' }));
    expect(await screen.findByText(`Error: ${message}`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the link is broken when it carries no token', async () => {
    renderApp('/confirm-email');
    expect(await screen.findByText('Error: This confirmation link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm e-mail' })).not.toBeInTheDocument();
  });
});
