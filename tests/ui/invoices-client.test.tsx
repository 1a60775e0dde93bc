import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { CLIENT_DECISION_MESSAGES, type DocumentDecision } from '../../resources/client-decision';
import { INVOICE_SUCCESS, type Invoice } from '../../resources/invoice';
import type { ExternalInvoice } from '../../resources/invoice-client';
import { fakeToken } from './fixtures';
import { invoiceStore, makeInvoice } from './invoices-fixtures';
import { renderApp } from './render-app';

let store = invoiceStore();
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('fieldwork.accessToken', fakeToken());
  store = invoiceStore();
  server.use(...store.handlers);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const SENT_AT = '2026-11-27T15:00:00.000Z';
const waiting = { waitingOn: 'client' as const, partyName: 'Hill Country Power', contactEmail: 'ap@hcp.example', sentAt: SENT_AT };

async function openInvoice(overrides: Partial<Invoice>) {
  store.state.invoices = [makeInvoice(1, { clientName: 'Hill Country Power', ...overrides })];
  const user = userEvent.setup();
  renderApp('/invoices/1');
  await screen.findByRole('heading', { name: 'Invoice INV-1', level: 1 }, { timeout: 15000 });
  return { user, actions: screen.getByRole('group', { name: 'Invoice actions' }) };
}

const buttonNames = (group: HTMLElement) => [...group.querySelectorAll('a, button')].map((b) => b.textContent);

describe('an invoice sent to a client without users', () => {
  it("tells the issuer whose move it is and offers the issuer's moves, never approving its own invoice", async () => {
    const { actions } = await openInvoice({ status: 'submit', sentAt: SENT_AT, turn: waiting, moves: ['resend', 'changeContact', 'recordDecision', 'cancel'] });
    expect(screen.getByText('Waiting for Hill Country Power: sent to ap@hcp.example on Nov 27')).toBeInTheDocument();
    expect(buttonNames(actions)).toEqual(['Record client’s decision', 'Send again', 'Change contact', 'Cancel invoice', 'Preview', 'Download PDF']);
    expect(within(actions).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('offers the billed company approve and reject, telling it the decision is its own', async () => {
    const { actions } = await openInvoice({ status: 'submit', direction: 'received', turn: { ...waiting, contactEmail: null }, moves: ['approve', 'reject'] });
    const notice = screen.getByText('Waiting for your decision: sent on Nov 27').closest('[role="status"]')!;
    expect(notice).toHaveTextContent('Approve it, or reject it with a reason.');
    expect(buttonNames(actions)).toEqual(['Approve', 'Reject', 'Preview', 'Download PDF']);
  });

  it('tells the issuer an approved invoice waits for it, and what to do', async () => {
    await openInvoice({ status: 'unpaid', direction: 'sent', turn: { waitingOn: 'issuer', partyName: 'Demo Paving & Utilities', contactEmail: null, sentAt: SENT_AT }, moves: ['recordPayment', 'markPaid'] });
    const notice = screen.getByText('Waiting for you').closest('[role="status"]')!;
    expect(notice).toHaveTextContent('Record the payments as they come in.');
  });

  it('asks who receives it before sending when nobody at the client can sign in, then sends', async () => {
    const { user, actions } = await openInvoice({ status: 'draft', contact: null, contactRequired: true, moves: ['edit', 'send', 'changeContact', 'cancel'] });
    await user.click(within(actions).getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Who receives this invoice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save and send' }));
    expect(store.state.sent).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Client contact’s e-mail' }), 'ap@hcp.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Contact’s name' }), 'Jane Roe');
    await user.click(within(dialog).getByRole('button', { name: 'Save and send' }));
    expect(await screen.findByText(INVOICE_SUCCESS.sent)).toBeInTheDocument();
    expect(store.state.sent).toEqual([
      { method: 'PATCH', path: '/invoices/1/contact', body: { contactEmail: 'ap@hcp.example', contactName: 'Jane Roe' } },
      { method: 'PATCH', path: '/invoices/1/send', body: undefined },
    ]);
  });

  it("records the client's decision on their behalf, and shows decisions in the product's words", async () => {
    const recorded: DocumentDecision = {
      id: 3,
      decision: 'approved',
      channel: 'link',
      decidedByName: 'Jane Roe',
      decidedByEmail: 'ap@hcp.example',
      decidedAt: SENT_AT,
      reason: null,
      file: null,
      recordedByName: null,
      createdAt: SENT_AT,
    };
    const { user, actions } = await openInvoice({ status: 'submit', turn: waiting, moves: ['recordDecision'], decisions: [recorded] });
    expect(screen.getByRole('list', { name: 'Decisions' })).toHaveTextContent('Approved by Jane Roe (ap@hcp.example) through the e-mailed link on Nov 27');
    await user.click(within(actions).getByRole('button', { name: 'Record client’s decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the client’s decision' });
    expect(within(dialog).getByLabelText(/Who gave it/)).toHaveValue('Ann Payable');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await screen.findByText(INVOICE_SUCCESS.approved)).toBeInTheDocument();
    expect(store.state.sent).toEqual([{ method: 'POST', path: '/invoices/1/decision', body: expect.objectContaining({ decision: 'approved', decidedByName: 'Ann Payable', decidedByEmail: 'ap@austin.example' }) }]);
  });
});

describe('the page the client opens from the mail', () => {
  const view: ExternalInvoice = {
    number: 'INV-7',
    status: 'submit',
    issuer: { name: 'Demo Paving & Utilities', logoUrl: null },
    clientName: 'Hill Country Power',
    project: { name: 'Ranch Road', code: 'RR-1', powoNumber: 'PO-55', timezone: 'America/Chicago' },
    createdAt: SENT_AT,
    sentAt: SENT_AT,
    dueDate: '2026-12-27',
    weekEndingDate: null,
    subtotal: '1200.00',
    retainagePercent: 0,
    retainage: '0.00',
    due: '1200.00',
    lines: [{ id: 1, productionDate: '2026-11-20', crewName: 'North Crew', itemName: 'Asphalt', itemCode: 'ASP', unit: 'ton', quantity: '96', price: '12.50', amount: '1200.00' }],
    lineCount: 1,
    contactName: 'Jane Roe',
    contactEmail: 'ap@hcp.example',
    expiresAt: '2026-12-27T15:00:00.000Z',
    pdfUrl: '/api/v1/public/invoices/tok/pdf',
    signatureRequired: false,
  };

  it('shows the invoice without login and approves it with the name given', async () => {
    localStorage.clear();
    const sent: unknown[] = [];
    server.use(
      http.get('/api/v1/public/invoices/tok', () => HttpResponse.json(view)),
      http.post('/api/v1/public/invoices/tok/approve', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ number: 'INV-7', status: 'unpaid', decision: 'approved', decidedByName: 'Jane Roe', issuerName: 'Demo Paving & Utilities' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/decide/invoice/tok');
    expect(await screen.findByRole('heading', { name: 'Invoice INV-7' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByText('PO-55')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/Invoice approved/)).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Jane Roe' }]);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('shows only the refusal for a link that no longer works', async () => {
    localStorage.clear();
    server.use(http.get('/api/v1/public/invoices/tok', () => HttpResponse.json({ error: { statusCode: 410, message: CLIENT_DECISION_MESSAGES.linkRefused } }, { status: 410 })));
    renderApp('/decide/invoice/tok');
    expect(await screen.findByText(CLIENT_DECISION_MESSAGES.linkRefused, {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
