import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { INVOICE_BILLING_MESSAGES, INVOICE_SUCCESS } from '../../resources/invoice';
import { fakeToken } from './fixtures';
import { invoiceStore, makeBillable, makeInvoice, makeLine } from './invoices-fixtures';
import { currentLocation, renderApp } from './render-app';

let store = invoiceStore();
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = invoiceStore();
  // Three dimes, and one amount at the top of six figures.
  store.state.billable = [
    makeBillable(70, [{ id: 1 }, { id: 2 }, { id: 3 }], { crewName: 'North Crew' }),
    makeBillable(71, [{ id: 4, itemName: 'Trench', quantity: '1', price: '999999.99', amount: '999999.99' }], { crewName: 'South Crew', date: '2026-03-06' }),
  ];
  server.use(...store.handlers);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const text = (testId: string) => screen.getByTestId(testId).textContent;
const todayPlus = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function openPage(path = '/invoices/new/1') {
  const user = userEvent.setup();
  renderApp(path);
  await screen.findByRole('heading', { name: /invoice/i, level: 1 }, { timeout: 15000 });
  await waitFor(() => expect(screen.queryByLabelText('Loading approved production')).not.toBeInTheDocument());
  return user;
}

describe('billing a project', () => {
  it("starts a new invoice's retainage at the budget's percent when the budget holds one", async () => {
    store.state.budgetRetainage = 7.5;
    await openPage();
    expect(screen.getByLabelText('Retainage %')).toHaveValue('7.5');
  });

  it('sums the picked items and the retainage exactly, with the company terms as defaults', async () => {
    const user = await openPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('New invoice');
    expect(screen.getByLabelText('Retainage %')).toHaveValue('5');
    expect(screen.getByLabelText('Due date')).toHaveValue(todayPlus(30));
    expect(text('invoice-subtotal')).toBe('$0.00');

    await user.click(screen.getByRole('checkbox', { name: /Select production .* North Crew/ }));
    // 0.1 × 3 is 0.30, not 0.30000000000000004; 5 % of it is 0.015, rounded half up.
    expect(text('invoice-subtotal')).toBe('$0.30');
    expect(text('invoice-retainage')).toBe('−$0.02');
    expect(text('invoice-due')).toBe('$0.28');

    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded items' }));
    expect(text('invoice-subtotal')).toBe('$1,000,000.29');
    const retainage = screen.getByLabelText('Retainage %');
    await user.clear(retainage);
    await user.type(retainage, '33.333');
    expect(text('invoice-retainage')).toBe('−$333,330.10');
    expect(text('invoice-due')).toBe('$666,670.19');

    await user.click(screen.getByRole('checkbox', { name: 'Select Item 2' }));
    expect(text('invoice-subtotal')).toBe('$1,000,000.19');
    expect(screen.getByRole('checkbox', { name: /Select production .* North Crew/ })).toHaveAttribute('data-indeterminate', 'true');

    await user.clear(retainage);
    await user.type(retainage, '33.3333');
    expect(text('invoice-due')).toBe('—');
  });

  it('saves a draft of the picked items grouped by production', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(screen.getByText(INVOICE_BILLING_MESSAGES.empty)).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Select Item 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Trench' }));
    fireEvent.change(screen.getByLabelText('Week ending'), { target: { value: '2026-03-07' } });
    await user.type(screen.getByLabelText('Notes'), 'March work');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(INVOICE_SUCCESS.created)).toBeInTheDocument();
    expect(store.state.sent).toEqual([
      {
        method: 'POST',
        path: '/invoices/7',
        body: {
          projectId: 1,
          clientId: null,
          status: 'draft',
          dueDate: todayPlus(30),
          retainage: '5',
          weekEndingDate: '2026-03-07',
          notes: 'March work',
          productions: [
            { id: 70, items: [{ id: 1 }] },
            { id: 71, items: [{ id: 4 }] },
          ],
          contactEmail: null,
          contactName: null,
        },
      },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/invoices/9'));
  });

  it('saves and sends at once, to the contact typed when one is, after checking it', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded items' }));
    const contact = screen.getByRole('textbox', { name: 'Client contact’s e-mail' });
    await user.type(contact, 'payables@');
    await user.click(screen.getByRole('button', { name: 'Save and send' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(store.state.sent).toEqual([]);
    await user.type(contact, 'hcp.example');
    await user.click(screen.getByRole('button', { name: 'Save and send' }));
    expect(await screen.findByText(INVOICE_SUCCESS.sent)).toBeInTheDocument();
    expect(store.state.sent[0]!.body).toMatchObject({ status: 'submit', contactEmail: 'payables@hcp.example', contactName: null });
  });

  it('edits an invoice with what it bills already picked, then saves and sends it', async () => {
    store.state.invoices = [makeInvoice(5, { status: 'rejected', moves: ['edit', 'send'], retainagePercent: 33.333, dueDate: '2026-05-01', notes: 'Old' })];
    store.state.billable[0]!.items[0]!.onThisInvoice = true;
    const user = await openPage('/invoices/new/1/5');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Edit invoice INV-5');
    expect(store.state.billableQueries[0]!.get('invoiceId')).toBe('5');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select Item 1' })).toBeChecked());
    expect(screen.getByLabelText('Retainage %')).toHaveValue('33.333');
    expect(text('invoice-subtotal')).toBe('$0.10');
    // 33.333 % of 10 cents is 3.3333 cents.
    expect(text('invoice-retainage')).toBe('−$0.03');

    await user.click(screen.getByRole('checkbox', { name: 'Select Item 3' }));
    await user.click(screen.getByRole('button', { name: 'Save and send' }));
    expect(await screen.findByText(INVOICE_SUCCESS.sent)).toBeInTheDocument();
    expect(store.state.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['PATCH /invoices/5', 'PATCH /invoices/5/send']);
    expect(store.state.sent[0]!.body).toEqual({
      dueDate: '2026-05-01',
      retainage: '33.333',
      weekEndingDate: '2026-03-07',
      notes: 'Old',
      productions: [{ id: 70, items: [{ id: 1 }, { id: 3 }] }],
    });
    await waitFor(() => expect(currentLocation()).toBe('/invoices/5'));
  });

  it('shows the next page on Show more, keeping what is picked, and saves picks from both pages', async () => {
    // Thirty productions of one item each, newest first as the server answers: $1.01 … $1.30.
    store.state.billable = Array.from({ length: 30 }, (_, i) =>
      makeBillable(100 + i, [{ id: 1000 + i, itemName: `Work ${i + 1}`, amount: `1.${String(i + 1).padStart(2, '0')}` }], { date: `2026-03-${String(30 - i).padStart(2, '0')}` }),
    );
    const user = await openPage();
    expect(screen.getAllByRole('region', { name: /^Production / })).toHaveLength(25);
    expect(store.state.billableQueries[0]!.get('_start')).toBe('0');
    expect(store.state.billableQueries[0]!.get('_end')).toBe('25');
    await user.click(screen.getByRole('checkbox', { name: 'Select Work 1' }));

    await user.click(screen.getByRole('button', { name: 'Show 25 more productions' }));
    await screen.findByRole('checkbox', { name: 'Select Work 30' });
    expect(store.state.billableQueries.at(-1)!.get('_start')).toBe('25');
    expect(screen.getAllByRole('region', { name: /^Production / })).toHaveLength(30);
    expect(screen.queryByRole('button', { name: /Show .* more/ })).not.toBeInTheDocument();
    expect(screen.getByText('All 30 productions are shown.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Work 1' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Work 30' }));
    expect(text('invoice-subtotal')).toBe('$2.31');

    // "Select all" takes what is loaded: 1.01 + … + 1.30 = 30 × 1.155.
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded items' }));
    expect(text('billable-picked')).toBe('30 of 30 loaded items selected');
    expect(text('invoice-subtotal')).toBe('$34.65');
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded items' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Work 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Work 29' }));
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(INVOICE_SUCCESS.created)).toBeInTheDocument();
    expect((store.state.sent[0]!.body as { productions: unknown }).productions).toEqual([
      { id: 101, items: [{ id: 1001 }] },
      { id: 128, items: [{ id: 1028 }] },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/invoices/9'));
  });

  it('lists the days asked for and keeps items picked outside them in the totals and the invoice', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('checkbox', { name: 'Select Trench' }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-05' } });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Select Trench' })).not.toBeInTheDocument());
    expect(store.state.billableQueries.at(-1)!.get('date_lte')).toBe('2026-03-05');
    expect(store.state.billableQueries.at(-1)!.get('_start')).toBe('0');
    // The list shows its loading state between the two answers; wait for the new page itself.
    await waitFor(() => expect(text('billable-picked')).toBe('0 of 3 loaded items selected · 1 more selected outside this list'));
    expect(text('invoice-subtotal')).toBe('$999,999.99');
    await user.click(screen.getByRole('checkbox', { name: 'Select Item 1' }));
    expect(text('invoice-subtotal')).toBe('$1,000,000.09');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-06' } });
    expect(screen.getByText('To must be on or after From')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All days' }));
    await screen.findByRole('checkbox', { name: 'Select Trench' });
    expect(screen.getByRole('checkbox', { name: 'Select Trench' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(INVOICE_SUCCESS.created)).toBeInTheDocument();
    expect((store.state.sent[0]!.body as { productions: unknown }).productions).toEqual([
      { id: 70, items: [{ id: 1 }] },
      { id: 71, items: [{ id: 4 }] },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/invoices/9'));
  });

  it('loads every production an edited invoice bills before it can be saved, even past the first page', async () => {
    // The invoice bills the newest production and the 27th: the server lists them first, so two pages.
    store.state.billable = Array.from({ length: 30 }, (_, i) => makeBillable(100 + i, [{ id: 1000 + i, itemName: `Work ${i + 1}`, onThisInvoice: i === 0 || i === 26 }]));
    store.state.invoices = [
      makeInvoice(5, { status: 'draft', moves: ['edit', 'send'], lines: [makeLine(1, 100, { productionItemId: 1000 }), makeLine(2, 126, { productionItemId: 1026 })] }),
    ];
    const user = await openPage('/invoices/new/1/5');
    await screen.findByRole('checkbox', { name: 'Select Work 27' });
    expect(store.state.billableQueries.map((q) => q.get('_start'))).toEqual(['0', '25']);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select Work 27' })).toBeChecked());
    expect(text('invoice-subtotal')).toBe('$0.20');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(INVOICE_SUCCESS.saved)).toBeInTheDocument();
    expect((store.state.sent[0]!.body as { productions: unknown }).productions).toEqual([
      { id: 100, items: [{ id: 1000 }] },
      { id: 126, items: [{ id: 1026 }] },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/invoices/5'));
  });

  it('says so when there is nothing to bill', async () => {
    store.state.billable = [];
    await openPage();
    expect(screen.getByText(/Nothing to bill/)).toBeInTheDocument();
    expect(within(screen.getByLabelText('Invoice totals')).getByTestId('invoice-subtotal')).toHaveTextContent('$0.00');
  });
});
