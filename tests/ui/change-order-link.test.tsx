import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ExternalChangeOrder } from '../../resources/change-order-client';
import { CLIENT_DECISION_MESSAGES } from '../../resources/client-decision';
import { renderApp } from './render-app';

const TOKEN = 't'.repeat(43);
const PUBLIC = `/api/v1/public/change-orders/${TOKEN}`;
const view: ExternalChangeOrder = {
  number: 3,
  status: 'sent',
  issuer: { name: 'Acme Paving', logoUrl: null },
  clientName: 'Hill Country Power',
  project: { name: 'Main Street Repaving', code: 'MS-1', powoNumber: 'PO-4471', timezone: 'America/Chicago' },
  item: { name: 'Asphalt Overlay', code: 'AO-2', unit: 'ton' },
  before: { quantity: 10, price: '1234.50', amount: '12345.00' },
  after: { quantity: 12, price: '1250.00', amount: '15000.00' },
  amountChange: '2655.00',
  description: 'Two more tons at the corner',
  sentAt: '2026-11-27T15:00:00.000Z',
  contactName: 'Alex Payable',
  contactEmail: 'ap@hcp.example',
  expiresAt: '2026-12-27T15:00:00.000Z',
  pdfUrl: `${PUBLIC}/pdf`,
  signatureRequired: false,
};
let sent: Array<{ verb: string; body: unknown; authorization: string | null }> = [];
let refuse = false;

const server = setupServer(
  http.get(PUBLIC, () => (refuse ? HttpResponse.json({ message: CLIENT_DECISION_MESSAGES.linkRefused }, { status: 410 }) : HttpResponse.json(view))),
  http.post(`${PUBLIC}/accept`, async ({ request }) => {
    sent.push({ verb: 'accept', body: await request.json(), authorization: request.headers.get('authorization') });
    return HttpResponse.json({ number: 3, status: 'accepted', decision: 'accepted', decidedByName: 'Alex Payable', issuerName: 'Acme Paving', reason: null });
  }),
  http.post(`${PUBLIC}/send-back`, async ({ request }) => {
    const body = (await request.json()) as { reason: string };
    sent.push({ verb: 'send-back', body, authorization: request.headers.get('authorization') });
    return HttpResponse.json({ number: 3, status: 'rejected', decision: 'sent_back', decidedByName: 'Alex Payable', issuerName: 'Acme Paving', reason: body.reason });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  sent = [];
  refuse = false;
  localStorage.clear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// The first render loads the lazy page: slow on a busy machine.
const heading = () => screen.findByRole('heading', { name: 'Change order #3' }, { timeout: 30_000 });

describe('the change order decided through its link', { timeout: 60_000 }, () => {
  it('shows the item before and after without signing in, and accepts with the contact’s name', async () => {
    const user = userEvent.setup();
    renderApp(`/decide/change-order/${TOKEN}`);
    expect(await heading()).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Before and after' });
    expect(within(table).getByText('$12,345.00')).toBeInTheDocument();
    expect(within(table).getByText('$15,000.00')).toBeInTheDocument();
    expect(within(table).getByText('+$2,655.00')).toBeInTheDocument();
    expect(screen.getByText('PO-4471')).toBeInTheDocument();
    // Sent in the project's zone, named: 15:00 UTC is 9:00 in Chicago.
    expect(screen.getByText('Nov 27, 2026, 9:00 AM CST')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the change order' });
    expect(within(dialog).getByText(/Asphalt Overlay becomes 12 × \$1,250\.00 = \$15,000\.00 \(\+\$2,655\.00\)/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your name')).toHaveValue('Alex Payable');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Change order #3 accepted. Thank you: Acme Paving is told.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ verb: 'accept', body: { name: 'Alex Payable' }, authorization: null }]);
  });

  it('sends it back only with a message', async () => {
    const user = userEvent.setup();
    renderApp(`/decide/change-order/${TOKEN}`);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the change order back' });
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Say why it is sent back')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Use the 2025 price');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await screen.findByText('Change order #3 sent back to Acme Paving with your message: “Use the 2025 price”')).toBeInTheDocument();
    expect(sent).toEqual([{ verb: 'send-back', body: { reason: 'Use the 2025 price' }, authorization: null }]);
  });

  it('shows the refusal alone for a link that no longer works', async () => {
    refuse = true;
    renderApp(`/decide/change-order/${TOKEN}`);
    expect(await screen.findByText(CLIENT_DECISION_MESSAGES.linkRefused, {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
