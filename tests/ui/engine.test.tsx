import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { gridColumns } from '../../src/engine/grid-columns';
import { taskTypes } from '../../resources/catalog-types';
import { fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const rows = [
  { id: 1, companyId: 7, name: 'Trenching', description: 'Open cut', createdAt: '2026-01-01T00:00:00.000Z' },
  { id: 2, companyId: 7, name: 'Boring', description: 'Directional', createdAt: '2026-01-02T00:00:00.000Z' },
];
let listQueries: URLSearchParams[] = [];
let createdViews: any[] = [];
let user = fakeUser('Owner');
const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user })),
  http.get('/api/v1/companies/7/task-types', ({ request }) => {
    listQueries.push(new URL(request.url).searchParams);
    return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
  }),
  http.post('/api/v1/users/me/views', async ({ request }) => {
    const body = (await request.json()) as any;
    const view = { id: 99, type: body.type, name: body.name, filters: body.filters, createdAt: '', updatedAt: '' };
    createdViews.push(body);
    user = { ...user, views: [...user.views, view] };
    return HttpResponse.json(view, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  listQueries = [];
  createdViews = [];
  user = fakeUser('Owner');
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const lastQuery = () => listQueries[listQueries.length - 1];

describe('the resource grid', () => {
  it('offers exactly the spec filters per column kind', () => {
    const byField = Object.fromEntries(gridColumns(taskTypes).map((c) => [c.field, (c.filterOperators ?? []).map((o) => o.value)]));
    expect(byField.name).toEqual(['contains', 'equals', 'startsWith', 'endsWith']);
    expect(byField.createdAt).toEqual(['is', 'after', 'before']);
  });

  it('asks the server for the first page, sorted by the default sort', async () => {
    renderApp('/task-types');
    expect(await screen.findByText('Trenching')).toBeInTheDocument();
    expect(lastQuery().get('_start')).toBe('0');
    expect(lastQuery().get('_end')).toBe('25');
    expect(lastQuery().get('_sort')).toBe('name');
    expect(lastQuery().get('_order')).toBe('asc');
  });

  it('restores the remembered saved view: its filter, sort and hidden columns reach the query and the grid', async () => {
    user = fakeUser('Owner', {
      views: [
        {
          id: 5,
          type: 'task-types',
          name: 'Trench work',
          filters: {
            filters: [{ field: 'name', operator: 'startswith', value: 'Tr' }],
            sorters: [{ field: 'description', order: 'desc' }],
            columns: { description: false },
          },
          createdAt: '',
          updatedAt: '',
        },
      ] as any,
    });
    localStorage.setItem('fieldwork.view.task-types', '5');
    renderApp('/task-types');
    expect(await screen.findByRole('button', { name: 'Trench work' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery().get('name_startsWith')).toBe('Tr'));
    expect(lastQuery().get('_sort')).toBe('description');
    expect(lastQuery().get('_order')).toBe('desc');
    expect(screen.queryByRole('columnheader', { name: 'Description' })).not.toBeInTheDocument();

    // Back to all rows: the filter leaves the query.
    const user2 = userEvent.setup();
    await user2.click(screen.getByRole('button', { name: 'Trench work' }));
    await user2.click(await screen.findByRole('menuitem', { name: 'All rows' }));
    await waitFor(() => expect(lastQuery().has('name_startsWith')).toBe(false));
    expect(localStorage.getItem('fieldwork.view.task-types')).toBeNull();
  });

  it('saves the current filters, sort and columns as a named view', async () => {
    const u = userEvent.setup();
    renderApp('/task-types');
    await screen.findByText('Trenching');
    await u.click(screen.getByRole('button', { name: 'All rows' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Save current view as…' }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByLabelText('View name'), 'Mine');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(createdViews).toHaveLength(1));
    expect(createdViews[0]).toEqual({
      type: 'task-types',
      name: 'Mine',
      filters: { filters: [], sorters: [{ field: 'name', order: 'asc' }], columns: { createdAt: false } },
    });
    expect(await screen.findByRole('button', { name: 'Mine' })).toBeInTheDocument();
    expect(localStorage.getItem('fieldwork.view.task-types')).toBe('99');
  });
});

describe('the grid filter panel', () => {
  it('turns "starts with" on a column into name_startsWith on the server query', async () => {
    const u = userEvent.setup();
    renderApp('/task-types');
    await screen.findByText('Trenching');
    // The menu button only shows on hover, so it is reached by its label rather than its role.
    await u.click(screen.getByLabelText('Name column menu'));
    await u.click(await screen.findByRole('menuitem', { name: 'Filter' }));
    const operator = await screen.findByRole('combobox', { name: 'Operator' });
    await u.click(operator);
    await u.click(await screen.findByRole('option', { name: 'starts with' }));
    // One paste rather than three keystrokes: the grid debounces the value, and a busy machine
    // could otherwise send the request between two of them.
    await u.click(screen.getByRole('textbox', { name: 'Value' }));
    await u.paste('Bor');
    await waitFor(() => expect(lastQuery().get('name_startsWith')).toBe('Bor'), { timeout: 4000 });
  });
});
