import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';

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
  it('asks the server for the first page, sorted by the default sort', async () => {
    renderApp('/task-types');
    expect(await screen.findByText('Trenching')).toBeInTheDocument();
    expect(lastQuery().get('_start')).toBe('0');
    expect(lastQuery().get('_end')).toBe('25');
    expect(lastQuery().get('_sort')).toBe('name');
    expect(lastQuery().get('_order')).toBe('asc');
  });

  it('restores the remembered saved view (one saved before the filter bar too): its filter, sort and hidden columns reach the query and the grid', async () => {
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
    expect(screen.getByRole('button', { name: 'Name starts with Tr' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/task-types?name_startsWith=Tr');
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
      filters: { conditions: [], sorters: [{ field: 'name', order: 'asc' }], columns: { createdAt: false } },
    });
    expect(await screen.findByRole('button', { name: 'Mine' })).toBeInTheDocument();
    expect(localStorage.getItem('fieldwork.view.task-types')).toBe('99');
  });
});

describe('the grid filter bar', () => {
  it('offers each column its declared operators in words', async () => {
    const u = userEvent.setup();
    renderApp('/task-types');
    await screen.findByText('Trenching');
    await u.click(screen.getByRole('button', { name: 'Add filter' }));
    const form = await screen.findByRole('form', { name: 'Add filter' });
    const options = async (name: string) => {
      await u.click(within(form).getByRole('combobox', { name }));
      const listed = (await screen.findAllByRole('option')).map((o) => o.textContent);
      await u.keyboard('{Escape}');
      return listed;
    };
    expect(await options('Column')).toEqual(['Name', 'Description', 'Created']);
    expect(await options('Operator')).toEqual(['contains', 'starts with', 'ends with', 'matches', 'equals', 'is not']);
    await u.click(within(form).getByRole('combobox', { name: 'Column' }));
    await u.click(await screen.findByRole('option', { name: 'Created' }));
    expect(await options('Operator')).toEqual(['on', 'not on', 'after', 'on or after', 'before', 'on or before']);
  });

  it('combines conditions on several columns, as chips to edit and remove, in the query and the address', async () => {
    const u = userEvent.setup();
    renderApp('/task-types?view=x');
    await screen.findByText('Trenching');
    const bar = screen.getByRole('search', { name: 'Filter task types' });

    const add = async (column: string, operator: string, value: string) => {
      await u.click(within(bar).getByRole('button', { name: 'Add filter' }));
      const form = await screen.findByRole('form', { name: 'Add filter' });
      await u.click(within(form).getByRole('combobox', { name: 'Column' }));
      await u.click(await screen.findByRole('option', { name: column }));
      await u.click(within(form).getByRole('combobox', { name: 'Operator' }));
      await u.click(await screen.findByRole('option', { name: operator }));
      await u.type(within(form).getByLabelText('Value'), `${value}{Enter}`);
      await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    };
    await add('Name', 'matches', 'B*g');
    await add('Description', 'contains', 'dir');
    await waitFor(() => expect(lastQuery().get('description_like')).toBe('dir'));
    expect(lastQuery().get('name_matches')).toBe('B*g');
    expect(currentLocation()).toBe('/task-types?view=x&name_matches=B*g&description_like=dir');

    // A chip opens its condition to edit; Apply replaces it in place.
    await u.click(within(bar).getByRole('button', { name: 'Name matches B*g' }));
    const form = await screen.findByRole('form', { name: 'Edit filter' });
    await u.clear(within(form).getByLabelText('Value'));
    await u.type(within(form).getByLabelText('Value'), 'Bor*');
    await u.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery().get('name_matches')).toBe('Bor*'));
    expect(currentLocation()).toBe('/task-types?view=x&name_matches=Bor*&description_like=dir');

    // Delete on a focused chip removes it, as its × does; Clear all empties the rest.
    within(bar).getByRole('button', { name: 'Description contains dir' }).focus();
    await u.keyboard('{Delete}');
    await waitFor(() => expect(lastQuery().has('description_like')).toBe(false));
    expect(lastQuery().get('name_matches')).toBe('Bor*');
    await u.click(within(bar).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(lastQuery().has('name_matches')).toBe(false));
    expect(currentLocation()).toBe('/task-types?view=x');
    expect(within(bar).queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
  });

  it('opens with the address’s conditions, which win over the remembered view', async () => {
    user = fakeUser('Owner', {
      views: [{ id: 5, type: 'task-types', name: 'Trench work', filters: { conditions: [{ field: 'name', op: 'startsWith', value: 'Tr' }], sorters: [], columns: {} }, createdAt: '', updatedAt: '' }] as any,
    });
    localStorage.setItem('fieldwork.view.task-types', '5');
    renderApp('/task-types?description_endsWith=cut&name_ne=Boring');
    await screen.findByText('Trenching');
    await waitFor(() => expect(lastQuery().get('description_endsWith')).toBe('cut'));
    expect(lastQuery().get('name_ne')).toBe('Boring');
    expect(lastQuery().has('name_startsWith')).toBe(false);
    expect(screen.getByRole('button', { name: 'All rows' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Name is not Boring' })).toBeInTheDocument();
  });
});
