import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_ROLE_PERMISSIONS } from '../../permissions';
import { fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const role = (id: number, name: string, permissions: unknown[], isDefault = false) => ({
  id,
  name,
  companyId: 7,
  scopeType: 'company',
  scopeId: 7,
  isDefault,
  assignable: name !== 'Owner',
  permissions,
});

const ESTIMATOR = [
  { resourceType: 'items', action: 'manage', resourceId: null },
  { resourceType: 'projects', action: 'view', resourceId: null },
  { resourceType: 'projects', action: 'view', resourceId: '42' },
];

let roles: ReturnType<typeof role>[] = [];
let patched: Array<{ id: string; body: any }> = [];
let posted: any[] = [];
let deleteAnswer: { status: number; body?: Record<string, unknown> } = { status: 204 };
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
  http.get('/api/v1/roles/company/7/all', () => HttpResponse.json(roles, { headers: { 'X-Total-Count': String(roles.length) } })),
  http.patch('/api/v1/roles/company/7/:id', async ({ params, request }) => {
    const body = (await request.json()) as any;
    patched.push({ id: String(params.id), body });
    const current = roles.find((r) => String(r.id) === params.id)!;
    return HttpResponse.json({ ...current, ...body });
  }),
  http.post('/api/v1/roles/company/7', async ({ request }) => {
    const body = (await request.json()) as any;
    posted.push(body);
    if (body.name === 'Owner') {
      return HttpResponse.json({ error: { statusCode: 409, message: 'A role with this name already exists', code: 'ROLE_NAME_TAKEN' }, statusCode: 409, message: 'A role with this name already exists' }, { status: 409 });
    }
    return HttpResponse.json(role(50, body.name, body.permissions), { status: 201 });
  }),
  http.delete('/api/v1/roles/company/7/:id', () =>
    deleteAnswer.status === 204 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(deleteAnswer.body, { status: deleteAnswer.status }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  roles = [
    role(1, 'Owner', DEFAULT_ROLE_PERMISSIONS.Owner, true),
    role(3, 'Supervisor', DEFAULT_ROLE_PERMISSIONS.Supervisor, true),
    role(9, 'Estimator', ESTIMATOR),
  ];
  patched = [];
  posted = [];
  deleteAnswer = { status: 204 };
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function openEditor(name: string) {
  renderApp('/roles');
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog');
}
const cell = (dialog: HTMLElement, label: string) => within(dialog).getByRole('checkbox', { name: label });

describe('the role permission matrix', () => {
  it('lists the roles with default roles marked and the Owner read-only', async () => {
    renderApp('/roles');
    const list = await screen.findByRole('list', { name: 'Roles' });
    expect(within(list).getByText('Owner')).toBeInTheDocument();
    expect(within(list).getByText('Estimator')).toBeInTheDocument();
    expect(within(list).getAllByText('Default')).toHaveLength(2);
    expect(within(list).getByText('Read only')).toBeInTheDocument();
    expect(within(list).getByText('Everything')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Estimator' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Supervisor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Owner' })).not.toBeInTheDocument();
  });

  it('shows what a role holds, with implied cells ticked and locked', async () => {
    const dialog = await openEditor('Estimator');
    expect(cell(dialog, 'Items: Manage')).toBeChecked();
    expect(cell(dialog, 'Items: Manage')).toBeEnabled();
    // manage includes view: ticked, but it is not an entry of its own to untick
    expect(cell(dialog, 'Items: View')).toBeChecked();
    expect(cell(dialog, 'Items: View')).toBeDisabled();
    expect(cell(dialog, 'Items: Any action')).not.toBeChecked();
    expect(cell(dialog, 'Projects: View')).toBeChecked();
    expect(cell(dialog, 'Crews: Manage')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Everything: every action on every resource type')).not.toBeChecked();
    expect(within(dialog).getByText(/1 permission on particular records/)).toBeInTheDocument();
  });

  it('toggling cells sends the exact permissions list, keeping entries it cannot show', async () => {
    const dialog = await openEditor('Estimator');
    await userEvent.click(cell(dialog, 'Crews: Manage'));
    await userEvent.click(cell(dialog, 'Projects: View'));
    await userEvent.click(cell(dialog, 'Tasks: Any action'));
    expect(cell(dialog, 'Tasks: View')).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toEqual({
      id: '9',
      body: {
        name: 'Estimator',
        permissions: [
          { resourceType: 'items', action: 'manage', resourceId: null },
          { resourceType: 'projects', action: 'view', resourceId: '42' },
          { resourceType: 'crews', action: 'manage', resourceId: null },
          { resourceType: 'tasks', action: '_any', resourceId: null },
        ],
      },
    });
    expect(await screen.findByText('Role Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the everything switch adds _any/_any and locks every cell; a default role sends permissions only', async () => {
    const dialog = await openEditor('Supervisor');
    expect(within(dialog).getByLabelText('Role name')).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Everything: every action on every resource type'));
    expect(cell(dialog, 'Roles: Manage')).toBeChecked();
    expect(cell(dialog, 'Roles: Manage')).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0].body).toEqual({
      permissions: [...DEFAULT_ROLE_PERMISSIONS.Supervisor, { resourceType: '_any', action: '_any', resourceId: null }],
    });
  });

  it('creates a custom role from a name and ticked cells', async () => {
    renderApp('/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'New Role' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Role name is required')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Role name'), 'Dispatcher');
    await userEvent.click(cell(dialog, 'All resource types: View'));
    await userEvent.click(cell(dialog, 'Crews: Manage'));
    expect(cell(dialog, 'Projects: View')).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      name: 'Dispatcher',
      permissions: [
        { resourceType: '_any', action: 'view', resourceId: null },
        { resourceType: 'crews', action: 'manage', resourceId: null },
      ],
    });
    expect(await screen.findByText('Role Created')).toBeInTheDocument();
  });

  it("shows the server's refusal of a duplicate name on the name field", async () => {
    renderApp('/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'New Role' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Role name'), 'Owner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('A role with this name already exists')).not.toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the Owner role read-only: every cell locked, nothing to save', async () => {
    renderApp('/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'View Owner' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The Owner role holds every permission and cannot be changed.')).toBeInTheDocument();
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(60);
    for (const box of boxes) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("deletes a custom role, and shows the server's 409 when it is still assigned", async () => {
    deleteAnswer = {
      status: 409,
      body: { error: { statusCode: 409, message: 'This role is still assigned to members', code: 'ROLE_IN_USE' }, statusCode: 409, message: 'This role is still assigned to members' },
    };
    renderApp('/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Estimator' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('This role is still assigned to members')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    deleteAnswer = { status: 204 };
    await userEvent.click(screen.getByRole('button', { name: 'Delete Estimator' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role Deleted')).toBeInTheDocument();
  });
});
