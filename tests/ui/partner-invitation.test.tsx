import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { PartnershipInvitationView } from '../../resources/partnership';
import { fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const INVALID = 'This invitation is invalid or has expired.';
const invitation: PartnershipInvitationView = {
  clientName: 'Alpha Paving',
  clientContactName: 'Alice Owner',
  clientContactEmail: 'alice@alpha.example',
  subcontractorName: 'Bravo Boring',
  subcontractorContactName: 'Bea Bravo',
  subcontractorContactEmail: 'bea@bravo.example',
  clientId: 3,
  subcontractorId: null,
  guestType: 'subcontractor',
  status: 'pending',
  declineReason: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
};

let signedIn = false;
let answers: Array<{ verb: string; body: unknown; company: string | null }> = [];
const server = setupServer(
  http.get('/api/v1/users/me', () => (signedIn ? HttpResponse.json({ user: fakeUser('Owner') }) : HttpResponse.json({}, { status: 401 }))),
  http.get('/api/v1/partnerships/invitations/:token', ({ params }) =>
    params.token === TOKEN ? HttpResponse.json(invitation) : HttpResponse.json({ error: { statusCode: 404, message: INVALID, code: 'NOT_FOUND' }, statusCode: 404, message: INVALID }, { status: 404 }),
  ),
  http.patch('/api/v1/partnerships/invitations/:token/:verb', async ({ params, request }) => {
    const text = await request.text();
    answers.push({ verb: String(params.verb), body: text ? JSON.parse(text) : null, company: request.headers.get('x-company-id') });
    if (params.verb === 'decline') return HttpResponse.json({ ...invitation, status: 'declined', declineReason: 'We only work in Texas.' });
    return HttpResponse.json({ id: 4, type: 'client', name: 'Alpha Paving', side: 'partner', status: 'active', markets: [] });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  signedIn = false;
  answers = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('partner invitation pages', () => {
  it('declines without an account, insisting on a reason, and says the reason was passed on', async () => {
    const user = userEvent.setup();
    renderApp(`/partner-invitation/${TOKEN}/subcontractor/decline`);
    expect(await screen.findByText('Alpha Paving', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline invitation' }));
    expect(await screen.findByText('Reason is required')).toBeInTheDocument();
    expect(answers).toEqual([]);
    await user.type(screen.getByLabelText('Reason'), 'We only work in Texas.');
    await user.click(screen.getByRole('button', { name: 'Decline invitation' }));
    expect(await screen.findByText('You declined the invitation. Alpha Paving will see your reason.')).toBeInTheDocument();
    expect(answers).toEqual([{ verb: 'decline', body: { reason: 'We only work in Texas.' }, company: null }]);
  });

  it("shows the server's message for a token that is not valid", async () => {
    renderApp('/partner-invitation/not-a-real-token-at-all/client/decline');
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.queryByLabelText('Reason')).not.toBeInTheDocument();
  });

  it('says when the inviting company withdrew the invitation, and offers no answer', async () => {
    server.use(http.get('/api/v1/partnerships/invitations/:token', () => HttpResponse.json({ ...invitation, status: 'withdrawn' })));
    renderApp(`/partner-invitation/${TOKEN}/subcontractor/decline`);
    expect(await screen.findByText('The company that sent this invitation has withdrawn it.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Reason')).not.toBeInTheDocument();
  });

  it('sends a visitor without a session from the accept page to sign up, coming back afterwards', async () => {
    renderApp(`/partner-invitation/${TOKEN}/subcontractor/accept`);
    await waitFor(() => expect(currentLocation()).toBe(`/register/account?returnTo=${encodeURIComponent(`/partner-invitation/${TOKEN}/subcontractor/accept`)}`));
  });

  it('accepts with an empty body for the chosen company', async () => {
    signedIn = true;
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    const user = userEvent.setup();
    renderApp(`/partner-invitation/${TOKEN}/subcontractor/accept`);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('You now work with Alpha Paving as their subcontractor.')).toBeInTheDocument();
    expect(answers).toEqual([{ verb: 'accept', body: null, company: '7' }]);
  });
});
