import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';

const roles = [
  { id: 31, name: 'Supervisor', companyId: 7, scopeType: 'company', scopeId: 7, isDefault: true, assignable: true, permissions: [] },
  { id: 32, name: 'ProjectManager', companyId: 7, scopeType: 'company', scopeId: 7, isDefault: true, assignable: true, permissions: [] },
];
const list = (rows: unknown[]) => HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
let posted: any[] = [];
let answer: () => Response = () => HttpResponse.json({ id: 50 }, { status: 201 });

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
  http.get('/api/v1/companies/7/memberships', () => list([])),
  http.get('/api/v1/roles/company/7/assignable', () => list(roles)),
  http.get('/api/v1/companies/7/memberships/options/:kind', ({ params }) => list(params.kind === 'crews' ? [{ id: 5, name: 'North' }] : [])),
  http.post('/api/v1/companies/7/memberships', async ({ request }) => {
    posted.push(await request.json());
    return answer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  posted = [];
  answer = () => HttpResponse.json({ id: 50 }, { status: 201 });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/members/create');
  const dialog = await screen.findByRole('dialog', { name: 'New Member' });
  return { user, dialog };
}

describe('the New Member dialog', () => {
  it('checks the fields with the shared schema before anything is sent', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Role is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Phone'), '1512');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone must be longer than 9 characters')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('sends the invitation with a capitalised name, masked phone, an assignable role and crews, then says Member Added', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'sam field');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Sam Field');
    await user.type(within(dialog).getByLabelText('Email'), 'Sam@Example.com');
    await user.type(within(dialog).getByLabelText('Phone'), '15125550199');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+1 512 555 0199');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Supervisor', 'Project Manager']);
    await user.click(screen.getByRole('option', { name: 'Supervisor' }));
    await user.click(within(dialog).getByLabelText('Member of crews'));
    await user.click(await screen.findByRole('option', { name: 'North' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      name: 'Sam Field',
      email: 'sam@example.com',
      phone: '+1 512 555 0199',
      country: 'US',
      state: null,
      roleId: 31,
      assignedToCrewsAsMember: [5],
      assignedToCrewsAsLeader: [],
      newCrewName: null,
      newCrewMembers: [],
      categories: [],
    });
    expect(await screen.findByText('Member Added')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/members'));
  });

  it("shows the server's refusal of a known e-mail on the field, keeping the dialog open", async () => {
    answer = () =>
      HttpResponse.json(
        { error: { statusCode: 409, code: 'MEMBER_EXISTS', message: 'This e-mail has already been invited to the company', details: [{ field: 'email', message: 'This e-mail has already been invited to the company' }] } },
        { status: 409 },
      );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Sam Field');
    await user.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Project Manager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findAllByText('This e-mail has already been invited to the company')).toHaveLength(2);
    expect(currentLocation()).toBe('/members/create');
  });
});
