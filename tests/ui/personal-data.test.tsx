import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { RoleName } from '../../permissions';
import { fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const member = {
  id: 2,
  companyId: 7,
  userId: 5,
  name: 'Pat Private',
  email: 'pat@example.com',
  phone: null,
  country: 'US',
  state: 'TX',
  status: 'accepted',
  roleId: 4,
  role: 'Crew',
  crewsAsMember: [],
  crewsAsLeader: [],
  categories: [],
  crewNames: '',
  categoryNames: '',
  invitedBy: null,
  invitationExpiresAt: null,
  declineReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ssn: '***-**-6789',
  driversLicense: '****4567',
};

const trail = [
  {
    id: 31,
    entityType: 'membership',
    entityId: '2',
    action: 'updated',
    changes: {},
    hidden: true,
    createdAt: '2026-02-01T10:00:00.000Z',
    actor: { id: 1, name: 'Olivia Owner' },
  },
];

let viewer: RoleName = 'Owner';
let reveals = 0;
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(viewer) })),
  http.get('/api/v1/memberships/2', () => HttpResponse.json(member)),
  http.get('/api/v1/memberships/2/sensitive', () => {
    reveals += 1;
    return HttpResponse.json({ ssn: '123-45-6789', driversLicense: 'TX1234567' });
  }),
  http.get('/api/v1/companies/7', () => HttpResponse.json({ id: 7, name: 'Acme Paving' })),
  http.get('/api/v1/companies/7/activity', () => HttpResponse.json(trail, { headers: { 'X-Total-Count': '1' } })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  viewer = 'Owner';
  reveals = 0;
  localStorage.setItem('fieldwork.accessToken', fakeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('personal data on the member page', () => {
  it("shows the member's SSN and driver's license masked, and whole after Show", async () => {
    const user = userEvent.setup();
    renderApp('/members/2');
    const values = within(await screen.findByTestId('sensitive-values'));
    expect(values.getByLabelText('SSN')).toHaveTextContent('***-**-6789');
    expect(values.getByLabelText("Driver's license")).toHaveTextContent('****4567');
    expect(reveals).toBe(0);
    await user.click(values.getByRole('button', { name: 'Show' }));
    expect(await values.findByText('123-45-6789')).toBeInTheDocument();
    expect(values.getByLabelText("Driver's license")).toHaveTextContent('TX1234567');
    await user.click(values.getByRole('button', { name: 'Hide' }));
    expect(values.getByLabelText('SSN')).toHaveTextContent('***-**-6789');
    expect(reveals).toBe(1);
  });
});

describe('personal data in the activity list', () => {
  it('says when details of an entry are hidden from the reader', async () => {
    viewer = 'Member';
    renderApp('/companies/7/activity');
    expect(await screen.findByText('Membership updated (details hidden)')).toBeInTheDocument();
    expect(screen.getByText(/Olivia Owner/)).toBeInTheDocument();
  });
});
