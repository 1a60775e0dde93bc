import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';

interface Category {
  id: number;
  companyId: number;
  name: string;
  description: string | null;
  color: string | null;
  parentId: number | null;
  createdAt: string;
  updatedAt: string;
}
const cat = (id: number, name: string, parentId: number | null, color: string | null = null, description: string | null = null): Category => ({
  id,
  companyId: 7,
  name,
  description,
  color,
  parentId,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

let role: 'Owner' | 'Supervisor' = 'Owner';
let categories: Category[] = [];
let listQueries: URLSearchParams[] = [];
let posted: unknown[] = [];
let patched: Array<{ id: string; body: unknown }> = [];
let deleteAnswer: { status: number; message?: string } = { status: 204 };

const error = (status: number, message: string) => HttpResponse.json({ error: { statusCode: status, message, code: 'X' }, statusCode: status, message }, { status });

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(role) })),
  http.get('/api/v1/companies/7/item-categories', ({ request }) => {
    const query = new URL(request.url).searchParams;
    listQueries.push(query);
    const start = Number(query.get('_start') ?? 0);
    const end = Number(query.get('_end') ?? 25);
    const sorted = [...categories].sort((a, b) => a.name.localeCompare(b.name));
    return HttpResponse.json(sorted.slice(start, end), { headers: { 'X-Total-Count': String(categories.length) } });
  }),
  http.post('/api/v1/companies/7/item-categories', async ({ request }) => {
    const body = (await request.json()) as Partial<Category>;
    posted.push(body);
    const made = cat(100 + posted.length, body.name!, body.parentId ?? null, body.color ?? null, body.description ?? null);
    categories.push(made);
    return HttpResponse.json(made, { status: 201 });
  }),
  http.get('/api/v1/item-categories/:id', ({ params }) => {
    const found = categories.find((c) => String(c.id) === params.id);
    return found ? HttpResponse.json(found) : error(404, 'Resource not found');
  }),
  http.patch('/api/v1/item-categories/:id', async ({ params, request }) => {
    const body = (await request.json()) as Partial<Category>;
    patched.push({ id: String(params.id), body });
    const found = categories.find((c) => String(c.id) === params.id)!;
    Object.assign(found, body);
    return HttpResponse.json(found);
  }),
  http.delete('/api/v1/item-categories/:id', ({ params }) => {
    if (deleteAnswer.status !== 204) return error(deleteAnswer.status, deleteAnswer.message!);
    categories = categories.filter((c) => String(c.id) !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  role = 'Owner';
  categories = [
    cat(1, 'Paving', null, '#336699', 'Hard surfaces'),
    cat(2, 'Asphalt', 1, '#333'),
    cat(3, 'Concrete', 1),
    cat(4, 'Patching', 2),
    cat(5, 'Utilities', null, '#e67e22'),
  ];
  listQueries = [];
  posted = [];
  patched = [];
  deleteAnswer = { status: 204 };
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const tree = () => screen.findByRole('tree', { name: 'Item Categories' });
const rowNames = (el: HTMLElement) => within(el).queryAllByRole('treeitem').map((r) => `${r.getAttribute('aria-level')}:${r.getAttribute('aria-label')}`);

describe('the item category tree', () => {
  it('shows the flat list as an indented tree, children under their parents, and collapses and expands branches', async () => {
    const user = userEvent.setup();
    renderApp('/catalog/categories');
    const list = await tree();
    await waitFor(() => expect(rowNames(list)).toEqual(['1:Paving', '2:Asphalt', '3:Patching', '2:Concrete', '1:Utilities']));
    // The whole catalog is asked for in pages of 200, sorted by name.
    expect(listQueries[0]!.get('_end')).toBe('200');
    expect(listQueries[0]!.get('_sort')).toBe('name');
    expect(within(list).getByText('Hard surfaces')).toBeInTheDocument();
    expect(within(list).getByText('2 subcategories')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Collapse Asphalt' }));
    expect(rowNames(list)).toEqual(['1:Paving', '2:Asphalt', '2:Concrete', '1:Utilities']);
    expect(within(list).getByRole('treeitem', { name: 'Asphalt' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(list).getByRole('button', { name: 'Collapse Paving' }));
    expect(rowNames(list)).toEqual(['1:Paving', '1:Utilities']);
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(rowNames(list)).toEqual(['1:Paving', '2:Asphalt', '3:Patching', '2:Concrete', '1:Utilities']);
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(rowNames(list)).toEqual(['1:Paving', '1:Utilities']);

    // A search shows each match where it lives, whatever is collapsed.
    await user.type(screen.getByRole('textbox', { name: 'Search categories' }), 'patch');
    expect(rowNames(list)).toEqual(['1:Paving', '2:Asphalt', '3:Patching']);
    await user.clear(screen.getByRole('textbox', { name: 'Search categories' }));
    await user.type(screen.getByRole('textbox', { name: 'Search categories' }), 'zzz');
    expect(await screen.findByText('No categories match “zzz”.')).toBeInTheDocument();
  });

  it('adds a subcategory under the chosen parent, with Category Created, and the tree shows it there', async () => {
    const user = userEvent.setup();
    renderApp('/catalog/categories');
    const list = await tree();
    await user.click(await within(list).findByRole('button', { name: 'Add subcategory to Utilities' }));
    expect(currentLocation()).toBe('/catalog/categories/create?parentId=5');
    const dialog = await screen.findByRole('dialog', { name: 'New Category' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Parent category' })).toHaveValue('Utilities'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'water mains');
    await user.type(within(dialog).getByRole('textbox', { name: 'Colour' }), '#12');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Bad Hex')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Colour' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Colour' }), '2980B9');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Category Created')).toBeInTheDocument();
    expect(posted).toEqual([{ name: 'Water Mains', description: null, color: '#2980b9', parentId: 5 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/catalog/categories');
    await waitFor(() => expect(rowNames(list)).toEqual(['1:Paving', '2:Asphalt', '3:Patching', '2:Concrete', '1:Utilities', '2:Water Mains']));
  });

  it('does not offer a category or its subcategories as its own parent, and moves it with Category Saved', async () => {
    const user = userEvent.setup();
    renderApp('/catalog/categories');
    const list = await tree();
    await user.click(await within(list).findByRole('button', { name: 'Edit Asphalt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Asphalt'));
    const parent = within(dialog).getByRole('combobox', { name: 'Parent category' });
    await waitFor(() => expect(parent).toHaveValue('Paving'));
    await user.click(within(dialog).getByRole('button', { name: 'Open' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Paving', 'Concrete', 'Utilities']);
    await user.click(screen.getByRole('option', { name: 'Utilities' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category Saved')).toBeInTheDocument();
    expect(patched).toEqual([{ id: '2', body: { name: 'Asphalt', description: null, color: '#333', parentId: 5 } }]);
    await waitFor(() => expect(rowNames(list)).toEqual(['1:Paving', '2:Concrete', '1:Utilities', '2:Asphalt', '3:Patching']));
  });

  it('deletes a leaf with Category Deleted, and shows the refusal of a category still in use', async () => {
    const user = userEvent.setup();
    renderApp('/catalog/categories');
    const list = await tree();
    await user.click(await within(list).findByRole('button', { name: 'Delete Concrete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete category?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category Deleted')).toBeInTheDocument();
    await waitFor(() => expect(rowNames(list)).toEqual(['1:Paving', '2:Asphalt', '3:Patching', '1:Utilities']));

    deleteAnswer = { status: 409, message: 'This category has 1 subcategory: move or delete them first.' };
    await user.click(within(list).getByRole('button', { name: 'Delete Asphalt' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete category?' })).getByRole('button', { name: 'Delete' }));
    const refusal = await screen.findByRole('dialog', { name: 'Error 409' });
    expect(within(refusal).getByText('This category has 1 subcategory: move or delete them first.')).toBeInTheDocument();
    // The tree behind the error dialog still holds the category.
    expect(within(list).getAllByRole('treeitem', { hidden: true }).map((r) => r.getAttribute('aria-label'))).toContain('Asphalt');
  });

  it('shows the tree read-only to a supervisor', async () => {
    role = 'Supervisor';
    renderApp('/catalog/categories');
    const list = await tree();
    await waitFor(() => expect(rowNames(list)).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'New Category' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^(Edit|Delete|Add subcategory)/ })).not.toBeInTheDocument();
  });

  it('offers to create the first category on an empty catalog', async () => {
    categories = [];
    renderApp('/catalog/categories');
    expect(await screen.findByText('No item categories yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create the first category' })).toBeInTheDocument();
  });
});
