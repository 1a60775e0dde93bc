import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { PROJECT_MESSAGES, PROJECT_SUCCESS } from '../../resources/project';
import { fileStore } from './files-fixtures';
import { fakeToken } from './fixtures';
import { makeProject, projectStore } from './projects-fixtures';
import { currentLocation, renderApp } from './render-app';

let store = projectStore();
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The project page loads lazily, transformed on first import: loaded before the tests, their waits
// time the page itself.
beforeAll(() => import('../../src/pages/projects/ProjectRoutes'), 60_000);
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = projectStore();
  server.use(...store.handlers);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const heading = (name: string) => screen.findByRole('heading', { name });

describe('the project settings', () => {
  it('saves only the fields changed with "Project Saved"', async () => {
    const user = userEvent.setup();
    renderApp('/projects/1/settings');
    // The file's first render is its coldest (3.2 s idle): it took over 5 s in CI beside the browser tests.
    const form = await screen.findByRole('form', { name: 'Project settings' }, { timeout: 15_000 });
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const name = within(form).getByRole('textbox', { name: 'Project name' });
    await user.clear(name);
    await user.type(name, 'main street paving phase 2');
    await user.type(within(form).getByRole('textbox', { name: 'PO/WO number' }), '00981');
    fireEvent.change(within(form).getByLabelText('End date'), { target: { value: '2026-12-15' } });
    await user.click(save);
    expect(await screen.findByText(PROJECT_SUCCESS.saved)).toBeInTheDocument();
    expect(store.state.sent).toEqual([
      { method: 'PATCH', path: '/projects/1', body: { projectName: 'Main Street Paving Phase 2', endDate: '2026-12-15', powoNumber: '00981' } },
    ]);
    expect(await heading('Main Street Paving Phase 2')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('shows a field the server refuses under the field', async () => {
    const user = userEvent.setup();
    store.state.patchFailure = { status: 400, message: 'marketId: Choose a market of your company', details: [{ field: 'marketId', message: 'Choose a market of your company' }] };
    renderApp('/projects/1/settings');
    const form = await screen.findByRole('form', { name: 'Project settings' });
    await user.type(within(form).getByRole('textbox', { name: 'City' }), ' West');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose a market of your company')).toBeInTheDocument();
    expect(within(form).getByText('marketId: Choose a market of your company')).toBeInTheDocument();
  });

  it('suspends with the start, end and reason the dialog asks for', async () => {
    const user = userEvent.setup();
    renderApp('/projects/1/settings');
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend project' });
    const start = within(dialog).getByLabelText(/Suspended from/);
    fireEvent.change(start, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText(PROJECT_MESSAGES.suspendStart)).toBeInTheDocument();
    expect(within(dialog).getByText(PROJECT_MESSAGES.reason)).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);

    fireEvent.change(start, { target: { value: '2026-05-04' } });
    fireEvent.change(within(dialog).getByLabelText('Until (optional)'), { target: { value: '2026-05-20' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Waiting for the utility relocation');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText(PROJECT_SUCCESS.saved)).toBeInTheDocument();
    expect(store.state.sent).toEqual([
      { method: 'PATCH', path: '/projects/1', body: { status: 'suspended', suspendStart: '2026-05-04', suspendEnd: '2026-05-20', suspendReason: 'Waiting for the utility relocation' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The moves from a suspension follow PROJECT_TRANSITIONS.
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Shut down' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(screen.getByText('Waiting for the utility relocation')).toBeInTheDocument();
  });

  it("shows the server's 409 when the move is no longer allowed, and keeps the dialog", async () => {
    const user = userEvent.setup();
    store.state.patchFailure = { status: 409, message: 'A project that is completed cannot become completed' };
    renderApp('/projects/1/settings');
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete project' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText('A project that is completed cannot become completed')).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'PATCH', path: '/projects/1', body: { status: 'completed' } }]);
  });

  it('deletes the project after asking, with "Project deleted", and goes back to the list', async () => {
    const user = userEvent.setup();
    renderApp('/projects/2/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete project?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PROJECT_SUCCESS.deleted)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/projects'));
    expect(store.state.sent).toEqual([{ method: 'DELETE', path: '/projects/2', body: null }]);
  });
});

describe('the project files', () => {
  it('uploads with a bar below 100 until the server answers, then "File uploaded"; deletes after asking', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    store.state.gate = new Promise((r) => (release = r));
    renderApp('/projects/1/files');
    expect(await screen.findByText('signed-contract.pdf')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Choose work order files'), new File(['%PDF-1.4 '.repeat(200)], 'order-17.pdf', { type: 'application/pdf' }));
    const bar = screen.getByRole('progressbar', { name: 'Upload of order-17.pdf' });
    await waitFor(() => expect(store.state.uploads).toEqual(['/projects/1/files/workOrder']));
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    release();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(await screen.findByText(PROJECT_SUCCESS.fileUploaded)).toBeInTheDocument();
    const workOrders = screen.getByRole('list', { name: 'Work order files' });
    expect(await within(workOrders).findByText('uploaded-1.pdf')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete signed-contract.pdf' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete file?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PROJECT_SUCCESS.fileDeleted)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'DELETE', path: '/filesNew/900', body: null }]);
    expect(await screen.findByText('No contract files yet. Upload one.')).toBeInTheDocument();
  });
});

describe('adding files from the file manager', () => {
  it('browses folders, picks files from two of them, posts them and shows "File Added"', async () => {
    const user = userEvent.setup();
    const manager = fileStore();
    server.use(...manager.handlers.filter((h) => h.info.method === 'GET' && /\/(folders|filesNew)\//.test(String(h.info.path))));
    store.state.managerFiles = manager.state.files;
    renderApp('/projects/1/files');
    await user.click(await screen.findByRole('button', { name: 'Add from files: Other' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add other files' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    // The root: its folder and its PDF.
    await user.click(await within(dialog).findByRole('checkbox', { name: /contract\.pdf/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Site photos' }));
    expect(await within(within(dialog).getByRole('navigation', { name: 'Folder path' })).findByText('Site photos')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('checkbox', { name: /plan\.txt/ }));
    expect(within(dialog).getByText('2 files chosen')).toBeInTheDocument();
    // Back to the root by the path: the choice stays.
    await user.click(within(dialog).getByRole('button', { name: 'Acme Paving' }));
    expect(await within(dialog).findByRole('checkbox', { name: /contract\.pdf/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 files' }));
    expect(await screen.findByText(PROJECT_SUCCESS.fileAdded)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/projects/1/files/other/existing', body: { fileIds: [21, 20] } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const others = screen.getByRole('list', { name: 'Other files' });
    expect(await within(others).findByText('contract.pdf')).toBeInTheDocument();
    expect(within(others).getByText('plan.txt')).toBeInTheDocument();
  });

  it('finds a file by search and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    const manager = fileStore();
    server.use(
      ...manager.handlers.filter((h) => h.info.method === 'GET' && /\/(folders|filesNew)\//.test(String(h.info.path))),
      http.post('/api/v1/projects/:id/files/:type/existing', () => HttpResponse.json({ error: { statusCode: 404, message: 'File not found' } }, { status: 404 })),
    );
    renderApp('/projects/1/files');
    await user.click(await screen.findByRole('button', { name: 'Add from files: Contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contract files' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search files and folders' }), 'plan');
    await user.click(await within(dialog).findByRole('checkbox', { name: /plan\.txt/ }));
    expect(within(dialog).getByText('Found for “plan”')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('File not found')).toBeInTheDocument();
    expect(screen.queryByText(PROJECT_SUCCESS.fileAdded)).not.toBeInTheDocument();
  });

  it('is not offered without files:view', async () => {
    store.state.role = 'Claims';
    renderApp('/projects/1/files');
    expect(await screen.findByText('signed-contract.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add from files/ })).not.toBeInTheDocument();
  });
});

describe('the project stations', () => {
  it('moves, renames, adds and removes stations, then saves the list in its order', async () => {
    const user = userEvent.setup();
    renderApp('/projects/1/stations');
    const form = await screen.findByRole('form', { name: 'Stations' });
    await user.click(within(form).getByRole('button', { name: 'Move station 3 up' }));
    const second = within(form).getByRole('group', { name: 'Station 2' });
    expect(within(second).getByRole('textbox', { name: 'Name' })).toHaveValue('South End');
    await user.click(within(form).getByRole('button', { name: 'Remove station 1' }));
    const bridge = within(within(form).getByRole('group', { name: 'Station 2' })).getByRole('textbox', { name: 'Name' });
    await user.clear(bridge);
    await user.type(bridge, 'Creek Bridge');
    await user.click(within(form).getByRole('button', { name: 'Add station' }));
    const added = within(form).getByRole('group', { name: 'Station 3' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(added).findByText('Station name is required')).toBeInTheDocument();
    await user.type(within(added).getByRole('textbox', { name: 'Name' }), 'Outfall');
    await user.type(within(added).getByRole('textbox', { name: 'Chainage' }), '512.25');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stations updated')).toBeInTheDocument();
    expect(store.state.sent).toEqual([
      {
        method: 'PATCH',
        path: '/projects/1/stations',
        body: {
          stations: [
            { name: 'South End', chainage: '400', description: null },
            { name: 'Creek Bridge', chainage: '120.5', description: 'Over the creek' },
            { name: 'Outfall', chainage: '512.25', description: null },
          ],
        },
      },
    ]);
  });
});

describe('the project members and crew companies', () => {
  it('invites people with a project role, replacing the list with them added', async () => {
    const user = userEvent.setup();
    renderApp('/projects/1/members');
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to project' }));
    expect(await within(dialog).findByText('Choose at least one person')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'People' }));
    await user.click(await screen.findByRole('option', { name: /Sam Rivera/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Project role' }));
    await user.click(await screen.findByRole('option', { name: 'Field' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to project' }));
    expect(await screen.findByText('Project members saved')).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/projects/1/memberships', body: { memberships: [{ id: 11, roleId: 72 }] } }]);
    const list = await screen.findByRole('list', { name: 'Project members' });
    expect(within(list).getByText('Sam Rivera')).toBeInTheDocument();
  });

  it("invites the client's people too, grouped by company, with projects:manage alone (no memberships:manage)", async () => {
    const user = userEvent.setup();
    // A supervisor who manages this project through a project role: no member management in the company.
    store.state.role = 'Supervisor';
    store.state.memberships = [
      { id: 400, projectId: 1, companyMembershipId: 11, companyId: 7, companyName: 'Acme Paving', userId: 11, name: 'Sam Rivera', email: 'sam@example.com', roleId: 71, roleName: 'Project Manager', createdAt: '2026-03-01T10:00:00.000Z' },
    ];
    renderApp('/projects/1/members');
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await user.click(within(dialog).getByRole('combobox', { name: 'People' }));
    const listbox = await screen.findByRole('listbox');
    // One group per company, the running company's first; someone already on the project says their role.
    expect([...listbox.querySelectorAll('.MuiAutocomplete-groupLabel')].map((g) => g.textContent)).toEqual(['Acme Paving', 'City Of Austin · client']);
    expect(within(listbox).getByRole('option', { name: /Sam Rivera/ })).toHaveTextContent('Project Manager on this project');
    await user.type(within(dialog).getByRole('combobox', { name: 'People' }), 'jordan');
    await waitFor(() => expect(store.state.peopleQueries).toContain('jordan'));
    await user.click(await screen.findByRole('option', { name: /Jordan Reyes/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Project role' }));
    await user.click(await screen.findByRole('option', { name: 'Field' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to project' }));
    expect(await screen.findByText('Project members saved')).toBeInTheDocument();
    expect(store.state.sent).toEqual([
      {
        method: 'POST',
        path: '/projects/1/memberships',
        body: {
          memberships: [
            { id: 11, roleId: 71 },
            { id: 30, roleId: 72 },
          ],
        },
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Project members' });
    expect(within(list).getByText('Jordan Reyes')).toBeInTheDocument();
    expect(within(list).getByText('jordan@austin.example · City Of Austin')).toBeInTheDocument();
  });

  it('adds a subcontractor partner as a crew company', async () => {
    const user = userEvent.setup();
    renderApp('/projects/1/crew-companies');
    expect(await screen.findByText('No subcontractor works on this project yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Subcontractor' }));
    await user.click(await screen.findByRole('option', { name: 'Lone Star Striping' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Crew company added')).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/projects/1/crew-companies', body: { companyId: 41 } }]);
    expect(await within(await screen.findByRole('list', { name: 'Crew companies' })).findByText('Lone Star Striping')).toBeInTheDocument();
  });
});

describe('the sub-projects', () => {
  it('lists them linked to their pages, and "New sub-project" makes one under this project', async () => {
    const user = userEvent.setup();
    store.state.projects.push(makeProject(3, { projectName: 'Main Street Signals', code: 'MSS-1', projectId: 1, parentName: 'Main Street Paving' }));
    renderApp('/projects/1/sub-projects');
    expect(await screen.findByRole('link', { name: /MSS-1 · Main Street Signals/ })).toHaveAttribute('href', '/projects/3');
    await user.click(screen.getByRole('button', { name: 'New sub-project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sub-project of Main Street Paving' });
    expect(within(dialog).getByRole('combobox', { name: 'Parent project' })).toHaveValue('MSP-1 · Main Street Paving');
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), 'Main Street Lighting');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'MSL-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(PROJECT_SUCCESS.created)).toBeInTheDocument();
    expect(store.state.sent[0]).toMatchObject({ path: '/companies/7/projects', body: { projectName: 'Main Street Lighting', code: 'MSL-1', projectId: 1 } });
    await waitFor(() => expect(currentLocation()).toBe('/projects/10'));
    expect(await heading('Main Street Lighting')).toBeInTheDocument();
    expect(screen.getByText(/Sub-project of Main Street Paving/)).toBeInTheDocument();
  });
});

describe('a project seen by its client', () => {
  it('shows every section read-only, without the buttons that change it', async () => {
    const user = userEvent.setup();
    store.state.role = 'ProjectManager';
    store.state.projects = [makeProject(1, { projectName: 'Harbor Drainage', companyId: 12, companyName: 'Gulf Builders', relation: 'client', canManage: false, clientId: 7, clientName: 'Acme Paving' })];
    renderApp('/projects/1');
    expect(await heading('Harbor Drainage')).toBeInTheDocument();
    expect(screen.getByText('You are the client')).toBeInTheDocument();
    expect(screen.getByText(/Run by Gulf Builders/)).toBeInTheDocument();
    // The running company's audit trail is not the client's to read.
    expect(screen.queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Files' }));
    expect(await screen.findByText('signed-contract.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download signed-contract.pdf' })).toHaveAttribute('href', '/api/v1/staticfiles/signed-900');

    await user.click(screen.getByRole('tab', { name: 'Stations' }));
    expect(await screen.findByText('2. Bridge · 120.5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add station' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Members' }));
    expect(await screen.findByText('No one has a role on this project yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite member' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sub-projects' }));
    expect(await screen.findByText('No sub-projects yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New sub-project' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByText('Only people who manage the project in the company running it can change it.')).toBeInTheDocument();
    expect(screen.getByText('Gulf Builders')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Project settings' })).not.toBeInTheDocument();
    for (const name of ['Suspend', 'Complete', 'Shut down', 'Delete project']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(store.state.sent).toEqual([]);
  });
});
