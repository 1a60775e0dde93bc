import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Budget, BudgetItem, BudgetReview, ChangeOrder } from '../../resources/budget';
import { budget, budgetHandlers, changeOrder } from './budget-fixtures';
import { fakeToken } from './fixtures';
import { renderApp } from './render-app';

const BASE = '/api/v1/projects/5/budgets/11';
const SENT = '2026-11-27T15:00:00.000Z';
const state: { budget: Budget; items: BudgetItem[]; reviews: BudgetReview[]; changeOrders: ChangeOrder[] } = { budget: budget(), items: [], reviews: [], changeOrders: [] };
let calls: Array<{ method: string; path: string; body: unknown }> = [];

const record = async (request: Request) => {
  const text = await request.text();
  calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
};

/** A change order sent to a client nobody of which signs in, as its issuer sees it. */
const awaitingClient = (overrides: Partial<ChangeOrder> = {}) =>
  changeOrder({
    canDecide: false,
    contact: { email: 'ap@hcp.example', name: 'Alex Payable' },
    contactRequired: true,
    turn: { waitingOn: 'client', partyName: 'Hill Country Power', contactEmail: 'ap@hcp.example', sentAt: SENT },
    moves: ['resend', 'changeContact', 'recordDecision'],
    ...overrides,
  });

const server = setupServer(...budgetHandlers(state));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  state.budget = budget({ status: 'approved' });
  state.changeOrders = [];
  calls = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// The first render loads the lazy pages: slow on a busy machine.
const notices = async () => screen.findByLabelText('Waiting change orders', {}, { timeout: 30_000 });

describe('the change orders panel: whose move, and the viewer’s moves', { timeout: 60_000 }, () => {
  it('tells the issuer who must act and where the mail went, and offers only its moves: send again, record, change contact', async () => {
    state.changeOrders = [awaitingClient()];
    server.use(
      http.post(`${BASE}/change-orders/61/resend`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(state.changeOrders[0]);
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget/change-orders');
    const waiting = await notices();
    expect(within(waiting).getByText('Waiting for Hill Country Power: sent to ap@hcp.example on Nov 27')).toBeInTheDocument();
    expect(within(waiting).getByText('Change order #1: Asphalt Overlay, 12 × $1,250.00 = $15,000.00')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Record decision: change order #1' })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Change contact: change order #1' })).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Change orders' });
    expect(within(grid).queryByRole('menuitem', { name: 'Accept change order #1' })).not.toBeInTheDocument();
    expect(within(grid).getByRole('menuitem', { name: 'Send again change order #1' })).toBeInTheDocument();

    await user.click(within(waiting).getByRole('button', { name: 'Send again: change order #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send change order #1 again?' });
    expect(within(dialog).getByText(/ap@hcp\.example gets the change order again as a PDF with a new link/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Change order #1 sent again to ap@hcp.example')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: `${BASE}/change-orders/61/resend`, body: null }]);
  });

  it('records the client’s decision received outside the product, checked before it is sent', async () => {
    state.changeOrders = [awaitingClient()];
    server.use(
      http.post(`${BASE}/change-orders/61/decision`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(changeOrder({ status: 'accepted', turn: null, moves: [] }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget/change-orders');
    await user.click(within(await notices()).getByRole('button', { name: 'Record decision: change order #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the client’s decision on change order #1' });
    const who = within(dialog).getByRole('textbox', { name: 'Who gave it' });
    expect(who).toHaveValue('Alex Payable');
    await user.clear(who);
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await within(dialog).findByText('Who gave the decision is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(who, 'Dana Director');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await screen.findByText('Change order #1 accepted: the client’s decision is recorded')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: `${BASE}/change-orders/61/decision`, body: { decision: 'accepted', decidedByName: 'Dana Director', decidedByEmail: 'ap@hcp.example' } });
  });

  it('tells the deciding company it is its decision, with Accept and Send back beside it', async () => {
    state.changeOrders = [changeOrder({ turn: { waitingOn: 'client', partyName: 'Hill Country Power', contactEmail: 'ap@hcp.example', sentAt: SENT }, moves: ['accept', 'sendBack'] })];
    renderApp('/projects/5/budget/change-orders');
    const waiting = await notices();
    expect(within(waiting).getByText('Waiting for your decision: sent on Nov 27')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Accept: change order #1' })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Send back: change order #1' })).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /Record decision/ })).not.toBeInTheDocument();
  });

  it('shows a sent-back one as the issuer’s move with the client’s message, and asks for the contact’s e-mail before sending it again', async () => {
    state.changeOrders = [
      changeOrder({
        status: 'rejected',
        message: 'Use the 2025 price',
        contact: null,
        contactRequired: true,
        turn: { waitingOn: 'issuer', partyName: 'Acme Paving', contactEmail: null, sentAt: null },
        decisions: [
          { id: 1, decision: 'sent_back', channel: 'link', decidedByName: 'Alex Payable', decidedByEmail: 'ap@hcp.example', decidedAt: SENT, reason: 'Use the 2025 price', file: null, recordedByName: null, createdAt: SENT },
        ],
        moves: ['edit', 'send', 'changeContact', 'delete'],
      }),
    ];
    server.use(
      http.patch(`${BASE}/change-orders/61/contact`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(state.changeOrders[0]);
      }),
      http.post(`${BASE}/change-orders/61/send`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(awaitingClient({ turn: { waitingOn: 'client', partyName: 'Hill Country Power', contactEmail: 'clerk@hcp.example', sentAt: SENT } }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/projects/5/budget/change-orders');
    const waiting = await notices();
    expect(within(waiting).getByText('Waiting for you to edit and send it again')).toBeInTheDocument();
    expect(within(waiting).getByText(/Sent back by Alex Payable \(ap@hcp\.example\) through the e-mailed link on Nov 27, 2026: “Use the 2025 price”/)).toBeInTheDocument();
    await user.click(within(waiting).getByRole('button', { name: 'Send again: change order #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send change order #1' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Add the client contact’s e-mail before sending')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Client contact’s e-mail' }), 'clerk@hcp.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Change order #1 sent to clerk@hcp.example')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PATCH', path: `${BASE}/change-orders/61/contact`, body: { contactEmail: 'clerk@hcp.example', contactName: null } },
      { method: 'POST', path: `${BASE}/change-orders/61/send`, body: { price: '1250.00' } },
    ]);
  });
});
