import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_INVOICE_LIST_STATUSES } from '../../resources/invoice';
import { fakeToken } from './fixtures';
import { invoiceStore, makeInvoice } from './invoices-fixtures';
import { currentLocation, renderApp } from './render-app';

let store = invoiceStore();
const server = setupServer();
let saved: string[] = [];

beforeAll(() => {
  // msw's XHR interceptor reads a blob answer through Blob.stream, which jsdom's Blob lacks.
  if (!Blob.prototype.stream) {
    Blob.prototype.stream = function stream(this: Blob) {
      const blob = this;
      return new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array(await blob.arrayBuffer()));
          controller.close();
        },
      }) as ReturnType<Blob['stream']>;
    };
  }
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = invoiceStore();
  store.state.invoices = [
    makeInvoice(1, { status: 'draft', subtotal: '999999.99', balance: '899999.99' }),
    makeInvoice(2, { status: 'paid', number: 'INV-2' }),
    makeInvoice(3, { status: 'rejected', number: 'INV-3' }),
  ];
  server.use(...store.handlers);
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('the invoice list', () => {
  it('asks for open invoices newest first, and widens to paid ones when asked', async () => {
    const user = userEvent.setup();
    renderApp('/invoices');
    expect(await screen.findByText('INV-1', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByText('$999,999.99')).toBeInTheDocument();
    const first = store.state.listQueries[0]!;
    expect(first.getAll('status').sort()).toEqual([...DEFAULT_INVOICE_LIST_STATUSES].sort());
    expect(first.get('_sort')).toBe('createdAt');
    expect(first.get('_order')).toBe('desc');
    expect(screen.queryByText('INV-2')).not.toBeInTheDocument();

    const bar = screen.getByRole('group', { name: 'Statuses shown' });
    await user.click(within(bar).getByRole('button', { name: 'Paid' }));
    expect(await screen.findByText('INV-2')).toBeInTheDocument();
    expect(store.state.listQueries.at(-1)!.getAll('status')).toContain('paid');

    await user.click(within(bar).getByRole('button', { name: 'All statuses' }));
    await waitFor(() => expect(store.state.listQueries.at(-1)!.getAll('status')).toEqual([]));
    await user.click(within(bar).getByRole('button', { name: 'Open only' }));
    await waitFor(() => expect(store.state.listQueries.at(-1)!.getAll('status')).toHaveLength(DEFAULT_INVOICE_LIST_STATUSES.length));
  });

  it('asks which project to bill, offering only projects the company may bill, then opens the billing page', async () => {
    const user = userEvent.setup();
    renderApp('/invoices');
    await user.click(await screen.findByRole('button', { name: /New Invoice/i }));
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Choose a project')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Project/));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByText(/Their Job/)).not.toBeInTheDocument();
    await user.click(within(listbox).getByText(/MSP-1 · Main Street Paving/));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/invoices/new/1'));
  });

  it('downloads the invoice report with progress, and after a failure says why and can try again', async () => {
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const asked: unknown[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/v1/invoices/:companyId/report', async ({ request, params }) => {
        asked.push({ companyId: params.companyId, body: await request.json() });
        if (asked.length === 1) return HttpResponse.json({ error: { statusCode: 400, message: 'Choose a range' }, statusCode: 400, message: 'Choose a range' }, { status: 400 });
        await gate;
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': XLSX, 'content-disposition': 'attachment; filename="Invoices_Report.xlsx"' } });
      }),
    );
    const user = userEvent.setup();
    renderApp('/invoices');
    await user.click(await screen.findByRole('button', { name: 'Report' }, { timeout: 15000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice report' });
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '2026-03-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '2026-02-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(within(dialog).getByText('The end of the range must be on or after its start')).toBeInTheDocument();
    expect(asked).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '2026-03-31' } });
    await user.click(within(dialog).getByRole('combobox', { name: 'Group by' }));
    await user.click(await screen.findByRole('option', { name: 'Client' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('Choose a range')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(asked).toEqual([
      { companyId: '7', body: { range: { from: '2026-03-01', to: '2026-03-31' }, sourceSubcontractor: null, groupBy: 'client', groupByField: 'createdAt' } },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Download progress' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Downloading…' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invoice report' })).not.toBeInTheDocument());
    expect(saved).toEqual(['Invoices_Report.xlsx']);
  });
});
