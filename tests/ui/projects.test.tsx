import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { PROJECT_MESSAGES, PROJECT_SUCCESS } from '../../resources/project';
import { addFilter } from './filter-bar-helpers';
import { fakeToken } from './fixtures';
import { projectStore } from './projects-fixtures';
import { currentLocation, renderApp } from './render-app';

let store = projectStore();
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = projectStore();
  server.use(...store.handlers);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Date inputs take their value as the browser's picker sets it. */
const setDate = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('the projects list', () => {
  it('lists the projects with their status, client and dates, and a row opens the project', async () => {
    const user = userEvent.setup();
    renderApp('/projects');
    const grid = await screen.findByRole('grid');
    const row = (await within(grid).findByText('Main Street Paving')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('MSP-1')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('City Of Austin')).toBeInTheDocument();
    expect(within(row).getByText(new Date(2026, 2, 2).toLocaleDateString())).toBeInTheDocument();
    expect(within(grid).getByText('Planned')).toBeInTheDocument();

    await user.click(within(row).getByText('Main Street Paving'));
    expect(currentLocation()).toBe('/projects/1');
    expect(await screen.findByRole('heading', { name: 'Main Street Paving' })).toBeInTheDocument();
    expect(await screen.findByText('$1,234,567.50')).toBeInTheDocument();
    expect(screen.getByText('Day 30 of 212 (14%)')).toBeInTheDocument();
  });

  it('filters a date column by the calendar day, as the API compares project dates', async () => {
    const user = userEvent.setup();
    renderApp('/projects');
    await screen.findByText('Main Street Paving');
    await addFilter(user, screen.getByRole('search', { name: 'Filter projects' }), 'Start', 'on', { type: '2026-03-02' });
    await waitFor(() => expect(store.state.listQueries.at(-1)?.get('startDate')).toBe('2026-03-02'), { timeout: 4000 });
  });

  it('invites the first project when there is none', async () => {
    store.state.projects = [];
    const user = userEvent.setup();
    renderApp('/projects');
    await user.click(await screen.findByRole('button', { name: 'Create the first project' }));
    expect(currentLocation()).toBe('/projects/create');
    expect(await screen.findByRole('dialog', { name: 'New Project' })).toBeInTheDocument();
  });
});

describe('the new project dialog', () => {
  it('asks for the name and code and an end on or after the start, then posts dates as YYYY-MM-DD and the PO/WO number as text', async () => {
    const user = userEvent.setup();
    renderApp('/projects');
    await user.click(await screen.findByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(PROJECT_MESSAGES.name)).toBeInTheDocument();
    expect(within(dialog).getByText(PROJECT_MESSAGES.code)).toBeInTheDocument();

    const box = (name: string) => within(dialog).getByRole('textbox', { name });
    await user.type(box('Project name'), 'river road resurfacing');
    await user.type(box('Code'), 'RRR-7');
    await user.type(box('PO/WO number'), '0045001');
    setDate(within(dialog).getByLabelText('Start date'), '2026-04-10');
    setDate(within(dialog).getByLabelText('End date'), '2026-04-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(PROJECT_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);

    setDate(within(dialog).getByLabelText('End date'), '2026-10-31');
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'City Of Austin' }));
    // A client on the platform brings its own name and e-mail.
    expect(within(dialog).queryByRole('textbox', { name: 'Client name (not on the platform)' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Market' }));
    await user.click(await screen.findByRole('option', { name: 'Austin North' }));
    await user.type(box('City'), 'austin');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Task-based production' }));
    await user.type(box('PDF scale factor'), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(PROJECT_SUCCESS.created)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/projects/10'));
    expect(store.state.sent).toHaveLength(1);
    const { path, body } = store.state.sent[0]!;
    expect(path).toBe('/companies/7/projects');
    expect(body).toEqual({
      projectName: 'River Road Resurfacing',
      code: 'RRR-7',
      projectNumber: null,
      address: null,
      country: 'US',
      state: null,
      city: 'Austin',
      startDate: '2026-04-10',
      endDate: '2026-10-31',
      clientId: 40,
      clientName: null,
      clientEmail: null,
      projectId: null,
      powoNumber: '0045001',
      // The active company's zone (fixtures.ts), whatever the browser's.
      timezone: 'America/Chicago',
      marketId: 8,
      isSinglePart: false,
      requireQuantityOnPDFDraw: false,
      taskBasedProduction: true,
      pdfScaleFactor: '0.5',
      boundariesSettings: {},
      mapSettings: {},
      scheduleSettings: {},
    });
    expect(await screen.findByRole('heading', { name: 'River Road Resurfacing' })).toBeInTheDocument();
  }, 30000);

  it('shows a code already in use under the code field', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('/api/v1/companies/7/projects', () =>
        HttpResponse.json({ error: { statusCode: 409, code: 'ALREADY_EXISTS', message: 'A project with code "MSP-1" already exists' } }, { status: 409 }),
      ),
    );
    renderApp('/projects/create');
    const dialog = await screen.findByRole('dialog', { name: 'New Project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), 'Again');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'MSP-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('A project with code "MSP-1" already exists')).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
  });
});
