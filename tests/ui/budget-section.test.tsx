import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Budget, BudgetItem, BudgetReview, ChangeOrder } from '../../resources/budget';
import { budget, budgetHandlers, budgetItem, catalogItem, changeOrder, drawOn, expectPngPart, list, parts, refused, review, stubCanvas } from './budget-fixtures';
import { fakeToken } from './fixtures';
import { renderApp } from './render-app';

const BASE = '/api/v1/projects/5/budgets/11';
const state: { budget: Budget; items: BudgetItem[]; reviews: BudgetReview[]; changeOrders: ChangeOrder[] } = { budget: budget(), items: [], reviews: [], changeOrders: [] };
let calls: Array<{ method: string; path: string; body: unknown }> = [];

const record = async (request: Request) => {
  const text = await request.text();
  calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
};

const server = setupServer(...budgetHandlers(state));
let restoreCanvas: () => void;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  restoreCanvas = stubCanvas();
});
// The project page and its budget section load lazily, transformed on first import: up to 5 s of the
// first test's waits on a busy machine. Loaded before the tests, those waits time the page itself.
beforeAll(() => Promise.all([import('../../src/pages/projects/ProjectRoutes'), import('../../src/pages/projects/budget/BudgetSection')]), 60_000);
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  state.budget = budget();
  state.items = [budgetItem(), budgetItem({ id: 102, itemId: 32, itemName: 'Stop Bar', itemCode: null, unit: 'ft', categoryName: null, quantity: 3, price: '411.25', amount: '1233.75' })];
  state.reviews = [];
  state.changeOrders = [];
  calls = [];
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => {
  server.close();
  restoreCanvas();
});

describe('the budget section', () => {
  it('shows the status, the totals with their percents and the items with money formatted', async () => {
    renderApp('/projects/5/budget');
    const grid = await screen.findByRole('grid', { name: 'Budget items' });
    expect(await within(grid).findByText('Asphalt Overlay')).toBeInTheDocument();
    expect(within(grid).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(grid).getByText('$12,345.00')).toBeInTheDocument();
    expect(within(grid).getByText('$411.25')).toBeInTheDocument();
    expect(within(grid).getByText('$1,233.75')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('$13,579.50')).toBeInTheDocument();
    expect(screen.getByText('Retainage (10 %)')).toBeInTheDocument();
    expect(screen.getByText('$1,357.95')).toBeInTheDocument();
    expect(screen.getByText('Profit (12.5 %)')).toBeInTheDocument();
    expect(screen.getByText('$1,697.44')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Items (2)' })).toHaveAttribute('aria-selected', 'true');
  });

  it("links an item's plan drawings into the editor at the first one, coming back to the budget", async () => {
    state.items = [budgetItem({ drawings: 3, planEvidence: { fileId: 9, pageNumber: 2, layerItemId: 77 } }), budgetItem({ id: 102, itemId: 32, itemName: 'Stop Bar', drawings: 1 })];
    renderApp('/projects/5/budget');
    const grid = await screen.findByRole('grid', { name: 'Budget items' });
    const link = await within(grid).findByRole('link', { name: '3 drawings on the plan' });
    expect(link.getAttribute('href')).toMatch(new RegExp(`/editor\\?fileId=9&returnTo=${encodeURIComponent('/projects/5/budget')}&page=2$`));
    expect(within(grid).getByText('1 drawing on the plan')).toBeInTheDocument();
  });

  it('adds an item with a whole quantity and the price as typed, refusing a fractional quantity first', async () => {
    server.use(
      http.post(`${BASE}/items`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(budgetItem({ id: 103 }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget');
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add budget item' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Item' }));
    await user.click(await screen.findByRole('option', { name: 'Asphalt Overlay' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '2.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit price' }), '19.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Quantity must be a whole number from 0 to 1,000,000,000')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Quantity' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '12');
    expect(within(dialog).getByText('Amount: $234.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Budget item added')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: `${BASE}/items`, body: { itemId: 31, quantity: 12, price: '19.5', reportWeight: false, description: null } }]);
  });

  it('submits with the percents as typed, and as a single part when chosen', async () => {
    server.use(
      http.post(`${BASE}/:verb`, async ({ request }) => {
        await record(request);
        state.budget = budget({ status: 'submitted' });
        return HttpResponse.json(state.budget);
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget');
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit budget for review' });
    const retainage = within(dialog).getByRole('textbox', { name: 'Retainage' });
    await user.clear(retainage);
    await user.type(retainage, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Percent must be a number from 0 to 100 with at most 3 decimals')).toBeInTheDocument();
    await user.clear(retainage);
    await user.type(retainage, '5.25');
    const profit = within(dialog).getByRole('textbox', { name: 'Profitability' });
    await user.clear(profit);
    await user.type(profit, '33.333');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Submit as a single part' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Budget submitted for review')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: `${BASE}/submitSinglePart`, body: { retainagePercent: '5.25', profitabilityPercent: '33.333' } }]);
    expect(await screen.findByText('In review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add item' })).not.toBeInTheDocument();
  });

  it("shows the server's message when a move is no longer allowed (409)", async () => {
    state.budget = budget({ status: 'submitted' });
    const message = 'A budget that is approved cannot be cancelled';
    server.use(http.delete(`${BASE}/submit`, () => refused(409, message)));
    const user = userEvent.setup();
    renderApp('/projects/5/budget');
    await user.click(await screen.findByRole('button', { name: 'Cancel submission' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel the submission?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel submission' }));
    const error = await screen.findByRole('dialog', { name: 'Error 409' });
    expect(within(error).getByText(message)).toBeInTheDocument();
  });

  it("asks a review of someone from the server's list of reviewers, the client's people among them", async () => {
    state.budget = budget({ status: 'submitted' });
    const searched: string[] = [];
    server.use(
      http.get(`${BASE}/reviewers`, ({ request }) => {
        searched.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json([
          { id: 41, companyId: 7, companyName: 'Austin Paving', name: 'Paula Manager', email: 'paula@paving.example', side: 'owner' },
          { id: 52, companyId: 9, companyName: 'City Of Austin', name: 'Rita Reviewer', email: 'rita@austin.example', side: 'client' },
        ]);
      }),
      http.post(`${BASE}/reviews`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(review({ id: 8, memberId: 52 }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget');
    await user.click(await screen.findByRole('button', { name: 'Request review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a review' });
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    expect(await within(dialog).findByText('Choose a reviewer')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: 'Reviewer' }), 'rit');
    await waitFor(() => expect(searched).toContain('rit'));
    await user.click(await screen.findByRole('option', { name: /Rita Reviewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'POST', path: `${BASE}/reviews`, body: { memberId: 52 } }]));
    expect(await screen.findByText('Review requested from Rita Reviewer')).toBeInTheDocument();
  });

  it("asks the client's contact, who has no account: the proposed e-mail can be changed and is checked", async () => {
    state.budget = budget({ status: 'submitted' });
    server.use(
      http.get(`${BASE}/reviewers`, () =>
        HttpResponse.json([
          { kind: 'member', id: 41, companyId: 7, companyName: 'Austin Paving', name: 'Paula Manager', email: 'paula@paving.example', side: 'owner' },
          { kind: 'contact', id: 'contact', companyId: 9, companyName: 'City Of Austin', name: 'Casey Controller', email: 'ap@austin.example', side: 'client' },
        ]),
      ),
      http.post(`${BASE}/reviews`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(review({ id: 9, memberId: null, reviewerName: 'Casey Controller', reviewerEmail: 'casey@austin.example' }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget');
    await user.click(await screen.findByRole('button', { name: 'Request review' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a review' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Reviewer' }));
    await user.click(await screen.findByRole('option', { name: /Casey Controller \(City Of Austin\)/ }));
    const email = within(dialog).getByRole('textbox', { name: 'Client contact’s e-mail' });
    expect(email).toHaveValue('ap@austin.example');
    expect(within(dialog).getByRole('textbox', { name: 'Contact’s name' })).toHaveValue('Casey Controller');
    await user.clear(email);
    await user.type(email, 'not-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(email);
    await user.type(email, 'casey@austin.example');
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'POST', path: `${BASE}/reviews`, body: { contactEmail: 'casey@austin.example', contactName: 'Casey Controller' } }]));
    expect(await screen.findByText('Review requested from Casey Controller')).toBeInTheDocument();
  });

  it('approves a pending review by signing: Sign waits for a drawing, then the PNG is uploaded', async () => {
    state.budget = budget({ status: 'submitted', myPendingReviewId: 3 });
    state.reviews = [review()];
    const uploads: Array<{ type: FormDataEntryValue | null; file: FormDataEntryValue | null }> = [];
    const sent = parts();
    server.use(
      http.post(`${BASE}/reviews/3/sign`, async ({ request }) => {
        const form = await request.formData();
        uploads.push({ type: form.get('type'), file: form.get('file') });
        state.budget = budget({ status: 'approved' });
        return HttpResponse.json(review({ status: 'approved', signed: true, statusReason: 'Approved budget' }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget/reviews');
    expect(await screen.findByText('You are asked to review this budget.')).toBeInTheDocument();
    expect(await screen.findByText('Rita Reviewer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve and sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and sign the budget' });
    const sign = within(dialog).getByRole('button', { name: 'Sign' });
    expect(sign).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Clear' })).toBeDisabled();
    drawOn(within(dialog).getByRole('img', { name: 'Signature pad: draw your signature here' }));
    await waitFor(() => expect(sign).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(sign).toBeDisabled();
    drawOn(within(dialog).getByRole('img', { name: 'Signature pad: draw your signature here' }));
    await waitFor(() => expect(sign).toBeEnabled());
    await user.click(sign);
    expect(await screen.findByText('Budget approved and signed')).toBeInTheDocument();
    expect(uploads).toEqual([{ type: 'signature', file: expect.anything() }]);
    await expectPngPart(sent);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download signed PDF' })).toBeInTheDocument();
  });

  it('closes the signature dialog with Escape', async () => {
    state.budget = budget({ status: 'submitted', myPendingReviewId: 3 });
    const user = userEvent.setup();
    renderApp('/projects/5/budget');
    await user.click(await screen.findByRole('button', { name: 'Approve and sign' }));
    await screen.findByRole('dialog', { name: 'Approve and sign the budget' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve and sign the budget' })).not.toBeInTheDocument());
  });

  it('rejects a pending review only with a reason', async () => {
    state.budget = budget({ status: 'submitted', myPendingReviewId: 3 });
    server.use(
      http.patch(`${BASE}/reviews/3`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(review({ status: 'rejected', statusReason: 'Too expensive' }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the budget' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A reason is required to reject')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Too expensive');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Budget rejected')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PATCH', path: `${BASE}/reviews/3`, body: { status: 'rejected', statusReason: 'Too expensive' } }]);
  });

  it('sends a change order back only with a message, and labels it Sent back', async () => {
    state.budget = budget({ status: 'approved' });
    state.changeOrders = [changeOrder()];
    server.use(
      http.post(`${BASE}/change-orders/61/reject`, async ({ request }) => {
        await record(request);
        state.changeOrders = [changeOrder({ status: 'rejected', message: 'Use last year’s price', canDecide: true })];
        return HttpResponse.json(state.changeOrders[0]);
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget/change-orders');
    const grid = await screen.findByRole('grid', { name: 'Change orders' });
    expect(await within(grid).findByText('$15,000.00')).toBeInTheDocument();
    expect(within(grid).getByText('Sent')).toBeInTheDocument();
    await user.click(within(grid).getByRole('menuitem', { name: 'Send back change order #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send back change order #1' });
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Say why it is sent back')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Use last year’s price');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await screen.findByText('Change order #1 sent back')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: `${BASE}/change-orders/61/reject`, body: { message: 'Use last year’s price' } }]);
    expect(await within(grid).findByText('Sent back')).toBeInTheDocument();
    expect(within(grid).getByText('Use last year’s price')).toBeInTheDocument();
  });

  it('adds several catalog items in one request, each with its quantity and price, and places a refusal at its row', async () => {
    server.use(
      http.get('/api/v1/items', () =>
        list([catalogItem, { ...catalogItem, id: 32, name: 'Stop Bar', code: null, unit: 'ft' }, { ...catalogItem, id: 33, name: 'Curb Ramp', code: 'CR', unit: 'ea' }]),
      ),
      http.post(`${BASE}/items/multiple`, async ({ request }) => {
        await record(request);
        if (calls.length === 1) {
          const message = 'Price must be a number from 0 to 999,999,999.99 with at most 2 decimals';
          return HttpResponse.json({ error: { statusCode: 400, message: `items.1.price: ${message}`, code: 'VALIDATION', details: [{ field: 'items.1.price', message }] } }, { status: 400 });
        }
        return HttpResponse.json([], { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget');
    await user.click(await screen.findByRole('button', { name: 'Add several items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add several items' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Quantity of Stop Bar' }), '40');
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit price of Stop Bar' }), '2.125');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add Asphalt Overlay (AO-2)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity of Asphalt Overlay (AO-2)' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 items' }));
    // The client's own check refuses three decimals before sending anything.
    expect(await within(dialog).findByText('Price must be a number from 0 to 999,999,999.99 with at most 2 decimals')).toBeInTheDocument();
    expect(calls).toEqual([]);
    const price = within(dialog).getByRole('textbox', { name: 'Unit price of Stop Bar' });
    await user.clear(price);
    await user.type(price, '2.15');
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 items' }));
    expect(await within(dialog).findByText(/^items\.1\.price/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Unit price of Asphalt Overlay (AO-2)' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Unit price of Stop Bar' })).toHaveAttribute('aria-invalid', 'false');
    expect(calls[0]).toEqual({
      method: 'POST',
      path: `${BASE}/items/multiple`,
      body: {
        items: [
          { itemId: 32, quantity: 40, price: '2.15', reportWeight: false, description: null },
          { itemId: 31, quantity: 3, price: '0', reportWeight: false, description: null },
        ],
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 items' }));
    expect(await screen.findByText('2 budget items added')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('makes a change order from an item of an approved budget and sends it with its price', async () => {
    state.budget = budget({ status: 'approved' });
    server.use(
      http.post(`${BASE}/change-orders`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(changeOrder({ status: 'draft', number: 4, id: 64 }), { status: 201 });
      }),
      http.post(`${BASE}/change-orders/64/send`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(changeOrder({ number: 4, id: 64 }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget');
    const grid = await screen.findByRole('grid', { name: 'Budget items' });
    await user.click(await within(grid).findByRole('menuitem', { name: 'Change order for Asphalt Overlay' }));
    const dialog = await screen.findByRole('dialog', { name: 'New change order' });
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    expect(quantity).toHaveValue('10');
    expect(within(dialog).getByRole('textbox', { name: 'Unit price' })).toHaveValue('1234.50');
    // Not a sub-project: nothing to ask of a parent.
    expect(within(dialog).queryByRole('checkbox', { name: 'Request from the parent project' })).not.toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '12');
    expect(within(dialog).getByText('New amount: $14,814.00')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Two more tons at the corner');
    await user.click(within(dialog).getByRole('button', { name: 'Save and send' }));
    expect(await screen.findByText('Change order #4 sent')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: `${BASE}/change-orders`, body: { itemId: 101, quantity: 12, price: '1234.50', reportWeight: false, description: 'Two more tons at the corner' } },
      { method: 'POST', path: `${BASE}/change-orders/64/send`, body: { price: '1234.50' } },
    ]);
  });

  it('shows the figures: money by category, and the items a page at a time, sorted on the server, with totals over all of them', async () => {
    const asked: string[] = [];
    const line = (i: number) => ({
      budgetItemId: 500 + i,
      itemName: `Line ${i}`,
      unit: 'ea',
      categoryName: 'Paving',
      quantity: 2,
      price: '10.00',
      plannedAmount: '20.00',
      changeOrderAmount: i === 0 ? '5.00' : '0.00',
      // The first line was produced past its 2 budgeted: flagged.
      producedQuantity: i === 0 ? '2.5' : '0',
      producedAmount: i === 0 ? '25.00' : '0.00',
      billedAmount: i === 0 ? '12.50' : '0.00',
      remainingAmount: i === 0 ? '-5.00' : '20.00',
      overBudget: i === 0,
    });
    server.use(
      http.get('/api/v1/projects/5/budget-distribution/:companyId/:categoryId', () =>
        HttpResponse.json({ total: '800.00', categories: [{ categoryId: 1, categoryName: 'Paving', color: '#1f5fbf', itemCount: 40, amount: '800.00', share: 100 }] }),
      ),
      http.get('/api/v1/projects/5/budget-details/:companyId/:categoryId', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const start = Number(url.searchParams.get('_start'));
        const end = Math.min(Number(url.searchParams.get('_end')), 40);
        return HttpResponse.json(
          {
            rows: Array.from({ length: end - start }, (_, i) => line(start + i)),
            itemCount: 40,
            totals: { plannedAmount: '800.00', changeOrderAmount: '5.00', producedAmount: '0.00', billedAmount: '0.00', remainingAmount: '800.00' },
          },
          { headers: { 'X-Total-Count': '40' } },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget/figures');
    expect(await screen.findByText('Paving · 40 items')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Planned, produced and billed' });
    // A header, the page of 25 and the totals row.
    expect(within(table).getAllByRole('row')).toHaveLength(27);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('$25.00')).toBeInTheDocument();
    expect(within(first).getByText('2.5 ea')).toBeInTheDocument();
    expect(within(first).getByText('$12.50')).toBeInTheDocument();
    expect(within(first).getByText('Over budget')).toBeInTheDocument();
    expect(within(table).getAllByText('Over budget')).toHaveLength(1);
    const total = within(table).getAllByRole('row').at(-1)!;
    expect(within(total).getByText('40 items')).toBeInTheDocument();
    expect(within(total).getAllByText('$800.00')).toHaveLength(2);
    expect(within(total).getByText('$5.00')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 40')).toBeInTheDocument();
    // The same figures, whole, in the budget report.
    expect(screen.getByRole('link', { name: 'Open budget report' })).toHaveAttribute('href', '/reports/budget?projectId=5&companyId=7');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('Line 39')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(17);
    await user.click(within(table).getByRole('button', { name: 'Planned' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?_start=0&_end=25&_sort=plannedAmount&_order=desc'));
    expect(asked.slice(0, 2)).toEqual(['?_start=0&_end=25&_sort=itemName&_order=asc', '?_start=25&_end=50&_sort=itemName&_order=asc']);
    expect(await within(table).findByText('Line 0')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Planned/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('offers to add items to an empty budget, once', async () => {
    state.budget = budget({ itemCount: 0, total: '0.00', retainage: '0.00', profit: '0.00' });
    state.items = [];
    const user = userEvent.setup();
    renderApp('/projects/5/budget');
    const prompt = await screen.findByRole('dialog', { name: 'Add items to the budget?' });
    await user.click(within(prompt).getByRole('button', { name: 'Add several items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add several items' });
    expect(await within(dialog).findByText('Asphalt Overlay (AO-2)')).toBeInTheDocument();
  });
});
