import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ImportPreview } from '../../resources/imports';
import { fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

let user = fakeUser('Owner');
let imports: Array<{ skipRefused: string | null }> = [];
let listCalls = 0;
let importAnswer: () => Response;

const preview: ImportPreview = {
  counts: { total: 3, matched: 1, new: 1, refused: 1 },
  ignoredColumns: ['Price'],
  rows: [
    { row: 2, status: 'matched', reason: null, code: 'ASP', name: 'Asphalt', unit: 'ton', category: null, itemId: 1, itemName: 'Asphalt' },
    { row: 3, status: 'new', reason: null, code: 'GRV', name: 'Gravel', unit: 'yd', category: null, itemId: null, itemName: null },
    { row: 4, status: 'refused', reason: 'No category is named "Nope": add it under Item Categories first', code: null, name: 'Sand', unit: null, category: 'Nope', itemId: null, itemName: null },
  ],
};

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user })),
  http.get('/api/v1/items', () => {
    listCalls++;
    return HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
  }),
  http.get('/api/v1/companies/7/item-categories', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.post('/api/v1/items/import/preview', () => HttpResponse.json(preview)),
  http.post('/api/v1/items/import', async ({ request }) => {
    const form = await request.formData();
    imports.push({ skipRefused: form.get('skipRefused') as string | null });
    return importAnswer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  user = fakeUser('Owner');
  imports = [];
  listCalls = 0;
  importAnswer = () => HttpResponse.json({ counts: preview.counts, written: 0, created: 1, skipped: 1 }, { status: 201 });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sheet = () => new File(['Code,Name\nASP,Asphalt\n'], 'items.csv', { type: 'text/csv' });

describe('catalog import dialog', { timeout: 60_000 }, () => {
  it('previews the rows with status chips, reasons and counts, and imports once the refused rows are left out', async () => {
    const ue = userEvent.setup();
    renderApp('/items');
    await ue.click(await screen.findByRole('button', { name: 'Import' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Import items' }, { timeout: 10_000 });
    await ue.upload(within(dialog).getByLabelText('Spreadsheet file'), sheet());
    expect(await within(dialog).findByText('No category is named "Nope": add it under Item Categories first', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Counts')).toHaveTextContent('3 rows:Matched1New1Refused1');
    expect(within(dialog).getByText('Columns not read: Price.')).toBeInTheDocument();
    const go = within(dialog).getByRole('button', { name: 'Import 2 items' });
    expect(go).toBeDisabled();
    await ue.click(within(dialog).getByLabelText('Leave out the refused row and import the others'));
    expect(go).toBeEnabled();
    const before = listCalls;
    await ue.click(go);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import items' })).not.toBeInTheDocument());
    expect(imports).toEqual([{ skipRefused: 'true' }]);
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
  });

  it("shows the server's refusal of the file with each row's reason, and keeps the dialog open", async () => {
    importAnswer = () =>
      HttpResponse.json(
        { error: { statusCode: 400, code: 'BAD_REQUEST', message: '1 of 3 rows are refused: nothing was imported', details: [{ field: 'row 4', message: 'Price must be a number' }] } },
        { status: 400 },
      );
    const ue = userEvent.setup();
    renderApp('/items');
    await ue.click(await screen.findByRole('button', { name: 'Import' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Import items' }, { timeout: 10_000 });
    await ue.upload(within(dialog).getByLabelText('Spreadsheet file'), sheet());
    await ue.click(await within(dialog).findByLabelText('Leave out the refused row and import the others', {}, { timeout: 10_000 }));
    await ue.click(within(dialog).getByRole('button', { name: 'Import 2 items' }));
    expect(await within(dialog).findByText(/1 of 3 rows are refused: nothing was imported/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(dialog).getByText('row 4: Price must be a number')).toBeInTheDocument();
  });

});
