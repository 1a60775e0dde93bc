import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { INVOICE_BILLING_MESSAGES, INVOICE_SUCCESS, type Invoice } from '../../resources/invoice';
import { fakeToken } from './fixtures';
import { invoiceStore, makeInvoice, makeLine } from './invoices-fixtures';
import { renderApp } from './render-app';

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
  saved = [];
  server.use(...store.handlers);
  URL.createObjectURL = vi.fn(() => 'blob:invoice');
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

async function openInvoice(overrides: Partial<Invoice>) {
  store.state.invoices = [makeInvoice(1, overrides)];
  const user = userEvent.setup();
  renderApp('/invoices/1');
  await screen.findByRole('heading', { name: 'Invoice INV-1', level: 1 }, { timeout: 15000 });
  return { user, actions: screen.getByRole('group', { name: 'Invoice actions' }) };
}

const buttonNames = (group: HTMLElement) => [...group.querySelectorAll('a, button')].map((b) => b.textContent);

describe('an invoice', () => {
  it('shows lines by production, totals and only the moves the answer lists', async () => {
    const { actions } = await openInvoice({
      status: 'draft',
      moves: ['edit', 'send', 'cancel'],
      lines: [makeLine(1, 70, { amount: '0.10' }), makeLine(2, 70, { amount: '0.20' }), makeLine(3, 71, { crewName: 'South Crew', amount: '999999.99' })],
      subtotal: '1000000.29',
      retainagePercent: 33.333,
      retainage: '333330.10',
      due: '666670.19',
      balance: '666670.19',
    });
    expect(buttonNames(actions)).toEqual(['Edit', 'Send', 'Cancel invoice', 'Preview', 'Download PDF']);
    expect(within(actions).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/invoices/new/1/1');
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getAllByRole('rowgroup')).toHaveLength(2);
    // The first production's sum, exact.
    expect(within(lines).getByText('$0.30')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Retainage (33.333 %)');
    expect(totals).toHaveTextContent('−$333,330.10');
    expect(totals).toHaveTextContent('$666,670.19');
  });

  it("shows the client's address, the PO/WO number and its moments in the project's zone, named", async () => {
    await openInvoice({ status: 'unpaid', sentAt: '2026-03-10T02:00:00.000Z' });
    expect(screen.getByText('301 W 2nd St, Austin, TX 78701 · PO/WO PO-7781')).toBeInTheDocument();
    // 02:00 UTC on Mar 10 is 9:00 PM on Mar 9 in Chicago, on summer time since Mar 8.
    expect(screen.getByText(/Sent Mar 9, 2026, 9:00 PM CDT/)).toBeInTheDocument();
  });

  it('offers approve and reject to the billed company, and asks a reason before rejecting', async () => {
    const { user, actions } = await openInvoice({ status: 'submit', direction: 'received', moves: ['approve', 'reject'] });
    expect(buttonNames(actions)).toEqual(['Approve', 'Reject', 'Preview', 'Download PDF']);
    await user.click(within(actions).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText(INVOICE_BILLING_MESSAGES.reason)).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong quantities');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(INVOICE_SUCCESS.rejected)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/invoices/1/reject', body: { reason: 'Wrong quantities' } }]);
    expect(await screen.findByText('Rejected: Wrong quantities')).toBeInTheDocument();
  });

  it('approves after confirming', async () => {
    const { user, actions } = await openInvoice({ status: 'submit', direction: 'received', moves: ['approve', 'reject'] });
    await user.click(within(actions).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(INVOICE_SUCCESS.approved)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/invoices/1/approve', body: undefined }]);
  });

  it('approves a single-part invoice itself and sends a draft', async () => {
    const { user, actions } = await openInvoice({ status: 'submit', moves: ['approveSinglePart'], singlePart: true });
    expect(buttonNames(actions)).toEqual(['Approve single part', 'Preview', 'Download PDF']);
    await user.click(within(actions).getByRole('button', { name: 'Approve single part' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve single part' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(INVOICE_SUCCESS.approved)).toBeInTheDocument();
    expect(store.state.sent.map((s) => s.path)).toEqual(['/invoices/1/approveSinglePart']);
  });

  it('sends a draft', async () => {
    const { user, actions } = await openInvoice({ status: 'draft', moves: ['edit', 'send'] });
    await user.click(within(actions).getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send invoice' })).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(INVOICE_SUCCESS.sent)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'PATCH', path: '/invoices/1/send', body: undefined }]);
  });

  it('cancels only with a reason', async () => {
    const { user, actions } = await openInvoice({ status: 'unpaid', moves: ['cancel'] });
    await user.click(within(actions).getByRole('button', { name: 'Cancel invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    expect(within(dialog).getByText(INVOICE_BILLING_MESSAGES.reason)).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Billed twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    expect(await screen.findByText(INVOICE_SUCCESS.cancelled)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/invoices/1/cancelled', body: { reason: 'Billed twice' } }]);
  });

  it('marks an invoice paid in full, posting to /paid/paid without an amount', async () => {
    const { user, actions } = await openInvoice({ status: 'unpaid', moves: ['recordPayment', 'markPaid', 'releaseRetainage', 'cancel'] });
    expect(buttonNames(actions)).toEqual(['Record payment', 'Mark as paid', 'Release retainage', 'Cancel invoice', 'Preview', 'Download PDF']);
    await user.click(within(actions).getByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    expect(within(dialog).getByLabelText('Paid in full ($90.00)')).toBeChecked();
    await user.type(within(dialog).getByLabelText('Reference'), 'CHK 1001');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText(INVOICE_SUCCESS.paid)).toBeInTheDocument();
    expect(store.state.sent).toHaveLength(1);
    expect(store.state.sent[0]!.path).toBe('/invoices/1/paid/paid');
    expect(store.state.sent[0]!.body).toMatchObject({ reference: 'CHK 1001', note: null });
    expect(store.state.sent[0]!.body).not.toHaveProperty('amount');
  });

  it('marks an invoice partially paid with an amount below the balance, checked exactly', async () => {
    const { user, actions } = await openInvoice({ status: 'unpaid', moves: ['recordPayment', 'markPaid'], balance: '0.30' });
    await user.click(within(actions).getByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    await user.click(within(dialog).getByLabelText('Partially paid'));
    const amount = within(dialog).getByLabelText(/Amount/);
    await user.type(amount, '0.30');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(within(dialog).getByText(INVOICE_BILLING_MESSAGES.full)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText(INVOICE_SUCCESS.partiallyPaid)).toBeInTheDocument();
    expect(store.state.sent[0]!.path).toBe('/invoices/1/paid/partially_paid');
    expect(store.state.sent[0]!.body).toMatchObject({ amount: '0.10' });
  });

  it('records a payment and releases retainage as transactions', async () => {
    const { user, actions } = await openInvoice({ status: 'partially_paid', moves: ['recordPayment', 'markPaid', 'releaseRetainage'], paid: '40.00', balance: '50.00' });
    await user.click(within(actions).getByRole('button', { name: 'Record payment' }));
    let dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.type(within(dialog).getByLabelText(/Amount/), '50.01');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByText(INVOICE_BILLING_MESSAGES.overpaid)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(INVOICE_SUCCESS.partiallyPaid)).toBeInTheDocument();
    expect(store.state.sent[0]).toMatchObject({ path: '/invoices/1/transaction', body: { kind: 'payment', amount: '20.00' } });

    await user.click(within(actions).getByRole('button', { name: 'Release retainage' }));
    dialog = await screen.findByRole('dialog', { name: 'Release retainage' });
    expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('10.00');
    await user.click(within(dialog).getByRole('button', { name: 'Release retainage' }));
    // The toast, beside the totals' row of the same name.
    await waitFor(() => expect(screen.getAllByText('Retainage released')).toHaveLength(2));
    expect(store.state.sent[1]).toMatchObject({ path: '/invoices/1/transaction', body: { kind: 'retainage_release', amount: '10.00' } });
  });

  it('downloads the PDF with progress, and after a failure says why and can try again', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/v1/invoices/:id/pdf', async () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ error: { statusCode: 409, message: 'The PDF could not be made' }, statusCode: 409, message: 'The PDF could not be made' }, { status: 409 });
        await gate;
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Invoice_INV-1.pdf"' } });
      }),
    );
    const { user, actions } = await openInvoice({ status: 'submit' });
    await user.click(within(actions).getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The PDF could not be made')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Download progress' })).not.toBeInTheDocument();
    const again = within(actions).getByRole('button', { name: 'Download PDF' });
    expect(again).toBeEnabled();

    await user.click(again);
    expect(await screen.findByRole('progressbar', { name: 'Download progress' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Downloading…' })).toBeDisabled();
    release();
    await waitFor(() => expect(saved).toEqual(['Invoice_INV-1.pdf']));
    expect(screen.queryByRole('progressbar', { name: 'Download progress' })).not.toBeInTheDocument();
  });

  it('adds a comment', async () => {
    const { user } = await openInvoice({ status: 'submit' });
    const comments = screen.getByRole('region', { name: 'Comments' });
    await user.click(within(comments).getByRole('button', { name: 'Add comment' }));
    expect(within(comments).getByText(INVOICE_BILLING_MESSAGES.comment)).toBeInTheDocument();
    await user.type(within(comments).getByLabelText('Comment'), 'Please check line 2');
    await user.click(within(comments).getByRole('button', { name: 'Add comment' }));
    expect(await within(comments).findByText('Please check line 2')).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/invoices/1/comments', body: { comment: 'Please check line 2' } }]);
  });

  it('says when the invoice is not there', async () => {
    store.state.invoices = [];
    renderApp('/invoices/44');
    expect(await screen.findByText('This invoice could not be found.', {}, { timeout: 15000 })).toBeInTheDocument();
  });
});

describe('the printable invoice', () => {
  it('shows the invoice without the app around it, with Print', async () => {
    store.state.invoices = [makeInvoice(1, { status: 'unpaid', sentAt: '2026-03-10T02:00:00.000Z' })];
    renderApp('/invoices/preview/1');
    expect(await screen.findByRole('article', { name: 'Invoice INV-1' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    const sheet = screen.getByRole('article');
    expect(sheet).toHaveTextContent('Billed to');
    expect(sheet).toHaveTextContent('City Of Austin');
    expect(sheet).toHaveTextContent('301 W 2nd St, Austin, TX 78701');
    expect(sheet).toHaveTextContent('PO/WO PO-7781');
    // Sent late on Mar 9 in Chicago: 02:00 UTC on the 10th.
    expect(sheet).toHaveTextContent('Date: Mar 9, 2026');
    expect(sheet).toHaveTextContent('PO Box 12');
    expect(sheet).toHaveTextContent('Thank you for your business.');
  });
});
