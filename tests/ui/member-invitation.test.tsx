import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';

const invitation = { companyId: 9, companyName: 'Bravo Utilities', name: 'Dana Field', email: 'dana@example.com', role: 'CrewLeader', status: 'invited', expiresAt: '2026-12-06T00:00:00.000Z' };
let calls: Array<{ method: string; path: string; body: unknown }> = [];
const record = async (request: Request) => {
  const text = await request.text();
  calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
};

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Member') })),
  http.get('/api/v1/memberships/invitations/good-token-1', () => HttpResponse.json(invitation)),
  http.get('/api/v1/memberships/invitations/used-token-1', () =>
    HttpResponse.json({ error: { statusCode: 404, message: 'Invitation not found', code: 'NOT_FOUND' } }, { status: 404 }),
  ),
  http.patch('/api/v1/memberships/invitations/good-token-1/accept', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ id: 77, companyId: 9, status: 'accepted' });
  }),
  http.patch('/api/v1/users/me/company/9', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ user: fakeUser('Member') });
  }),
  http.patch('/api/v1/memberships/invitations/good-token-1/decline', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ status: 'declined', declineReason: 'Busy' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('member invitation pages', () => {
  it('takes a signed-in person from an invitation sign-in link to the accept page, accepts, and switches to the company', async () => {
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    const user = userEvent.setup();
    renderApp('/login?invitationToken=good-token-1&invitationType=members&companyId=9&email=dana%40example.com');
    expect(await screen.findByText('Bravo Utilities')).toBeInTheDocument();
    expect(currentLocation()).toBe('/members-invitation/9/good-token-1/accept');
    expect(screen.getByText(/to join as Crew Leader/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/v1/memberships/invitations/good-token-1/accept', 'PATCH /api/v1/users/me/company/9']));
  });

  it('lets anyone decline with a reason, then confirms', async () => {
    const user = userEvent.setup();
    renderApp('/member-invitation/good-token-1/decline');
    await user.type(await screen.findByLabelText('Reason (optional)'), 'Busy with another company');
    await user.click(screen.getByRole('button', { name: 'Decline invitation' }));
    expect(await screen.findByText(/You declined the invitation to join Bravo Utilities\./)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/v1/memberships/invitations/good-token-1/decline', body: { reason: 'Busy with another company' } }]);
  });

  it('says so when the link was used or has expired', async () => {
    renderApp('/member-invitation/used-token-1/decline');
    expect(await screen.findByText('This invitation is invalid or has expired.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline invitation' })).toBeNull();
  });
});
