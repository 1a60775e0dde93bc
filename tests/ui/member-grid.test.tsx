import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { RoleName } from '../../permissions';
import { fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const member = (id: number, name: string, role: string) => ({
  id,
  companyId: 7,
  userId: id,
  name,
  email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  phone: null,
  country: 'US',
  state: 'TX',
  status: 'accepted',
  roleId: id,
  role,
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
});
const rows = [member(1, 'Olivia Owner', 'Owner'), member(2, 'Peter Manager', 'ProjectManager')];
let viewer: RoleName = 'Owner';
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(viewer) })),
  http.get('/api/v1/companies/7/memberships', () => HttpResponse.json(rows, { headers: { 'X-Total-Count': '2' } })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => localStorage.setItem('fieldwork.accessToken', fakeToken()));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const actionsOf = async (name: string) => {
  const row = (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
  return within(row)
    .queryAllByRole('menuitem')
    .map((b) => b.getAttribute('aria-label'));
};

describe('the members grid', () => {
  it('shows default role names as words', async () => {
    renderApp('/members');
    expect(await screen.findByText('Project Manager')).toBeInTheDocument();
    expect(screen.queryByText('ProjectManager')).not.toBeInTheDocument();
  });

  it('offers Edit and Remove on an Owner only to an Owner', async () => {
    viewer = 'Owner';
    const first = renderApp('/members');
    expect(await actionsOf('Olivia Owner')).toEqual(['Edit', 'Remove']);
    first.unmount();

    viewer = 'ProjectManager';
    renderApp('/members');
    expect(await actionsOf('Olivia Owner')).toEqual([]);
    expect(await actionsOf('Peter Manager')).toEqual(['Edit', 'Remove']);
  });
});
