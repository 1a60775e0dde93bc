import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeToken, fakeUser } from './fixtures';
import { currentLocation, renderApp } from './render-app';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const base = {
  companyId: 7,
  code: null,
  unit: null,
  iconId: null,
  iconUrl: null,
  categoryId: null,
  categoryName: null,
  productionIsAllowed: false,
  productionItemType: null,
  lineColor: null,
  photosNumber: 0,
  marketId: null,
  marketName: null,
  partnershipId: null,
  clientId: null,
  clientName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const categories = [
  { id: 1, companyId: 7, name: 'Paving', description: null, color: '#336699', parentId: null },
  { id: 2, companyId: 7, name: 'Asphalt', description: null, color: null, parentId: 1 },
];
const clients = [{ id: 40, name: 'City Of Austin', markets: [{ id: 8, name: 'Austin North' }] }];

let items: Array<Record<string, unknown>> = [];
let posts: Array<{ path: string; body: Record<string, unknown> }> = [];
let uploads: Array<{ id: string; type: FormDataEntryValue | null; bytes: number }> = [];
let role: 'Owner' | 'Supervisor' | 'ProjectManager' = 'Owner';

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(role) })),
  http.get('/api/v1/items', () => HttpResponse.json(items, { headers: { 'X-Total-Count': String(items.length) } })),
  http.get('/api/v1/companies/7/item-categories', () => HttpResponse.json(categories, { headers: { 'X-Total-Count': '2' } })),
  http.get('/api/v1/partnerships/list/client', () => HttpResponse.json(clients, { headers: { 'X-Total-Count': '1' } })),
  ...['/api/v1/items', '/api/v1/partnerships/:id/items'].map((path) =>
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posts.push({ path: new URL(request.url).pathname, body });
      const made = { ...base, ...body, id: 31, name: String(body.name) };
      items = [made];
      return HttpResponse.json(made, { status: 201 });
    }),
  ),
  http.post('/api/v1/items/:id/files', async ({ params, request }) => {
    const form = await request.formData();
    // jsdom's XHR drops the file name on the way (and pads the bytes); a file arrives.
    uploads.push({ id: String(params.id), type: form.get('type'), bytes: (form.get('file') as File).size });
    items = items.map((i) => ({ ...i, iconId: 5, iconUrl: '/api/v1/staticfiles/icon-5' }));
    return HttpResponse.json(items[0]);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  items = [];
  posts = [];
  uploads = [];
  role = 'Owner';
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the items screen', () => {
  it('creates an item for a client with every field, then uploads its icon and shows it in the grid', async () => {
    const user = userEvent.setup();
    renderApp('/items');
    expect(await screen.findByText('No items yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Item' }));
    expect(currentLocation()).toBe('/items/create');
    const dialog = await screen.findByRole('dialog', { name: 'New Item' });
    const box = (name: string) => within(dialog).getByRole('textbox', { name });
    await user.type(box('Name'), 'stop bar');
    await user.type(box('Code'), 'SB-24');
    await user.type(box('Unit'), 'ft');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Asphalt' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Production type' }));
    await user.click(await screen.findByRole('option', { name: 'Linear (line)' }));
    await user.type(box('Line colour'), 'fff');
    await user.type(box('Photos required'), '3');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Production allowed' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'City Of Austin' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Market' }));
    await user.click(await screen.findByRole('option', { name: 'Austin North' }));
    await user.upload(within(dialog).getByLabelText('Choose icon file'), new File([PNG], 'bar.png', { type: 'image/png' }));
    expect(within(dialog).getByText('bar.png: uploaded when you save')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Item Created')).toBeInTheDocument();
    await waitFor(() => expect(uploads).toEqual([{ id: '31', type: 'icon', bytes: expect.any(Number) }]));
    expect(uploads[0]!.bytes).toBeGreaterThan(0);
    expect(posts).toEqual([
      {
        path: '/api/v1/partnerships/40/items',
        body: {
          name: 'Stop Bar',
          code: 'SB-24',
          unit: 'ft',
          categoryId: 2,
          productionIsAllowed: true,
          productionItemType: 'linear',
          lineColor: '#fff',
          photosNumber: 3,
          marketId: 8,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const grid = screen.getByRole('grid');
    await waitFor(() => expect(within(grid).getByRole('img', { name: 'Icon' })).toHaveAttribute('src', '/api/v1/staticfiles/icon-5'));
    expect(within(grid).getByText('Stop Bar')).toBeInTheDocument();
    // Filling every field of the dialog by keyboard takes a while in jsdom.
  }, 60000);

  it("refuses a bad line colour with 'Bad Hex' and a file that is not an image, sending nothing", async () => {
    // The picker's accept list would drop the file before the page could say anything about it.
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/items/create');
    const dialog = await screen.findByRole('dialog', { name: 'New Item' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Curb');
    await user.type(within(dialog).getByRole('textbox', { name: 'Line colour' }), '#ab');
    await user.upload(within(dialog).getByLabelText('Choose icon file'), new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(within(dialog).getByText('Choose a PNG, JPEG, GIF or WebP image.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Bad Hex')).toBeInTheDocument();
    expect(posts).toEqual([]);
    expect(uploads).toEqual([]);
  });
});
