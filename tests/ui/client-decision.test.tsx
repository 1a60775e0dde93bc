import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { CLIENT_DECISION_MESSAGES, DOCUMENT_DECISIONS, recordedInvoiceDecision, type DocumentTurn } from '../../resources/client-decision';
import { RecordDecisionDialog } from '../../src/components/RecordDecisionDialog';
import { WaitingNotice } from '../../src/components/WaitingNotice';
import { ClientDecisionPage } from '../../src/pages/client-decision/ClientDecisionPage';
import { drawOn, stubCanvas } from './budget-fixtures';

/** What the page is given (the API's paths, as the pages name them), and where msw answers it. */
const REL = '/public/things/tok';
const PATH = `/api/v1${REL}`;
interface View {
  title: string;
  status: 'waiting' | 'done';
}
let view: View;
let sent: Array<{ verb: string; body: unknown; authorization: string | null }> = [];
let refuse = false;

const server = setupServer(
  http.get(PATH, () => (refuse ? HttpResponse.json({ message: CLIENT_DECISION_MESSAGES.linkRefused }, { status: 410 }) : HttpResponse.json(view))),
  http.post(`${PATH}/approve`, async ({ request }) => {
    const multipart = request.headers.get('content-type')?.startsWith('multipart/');
    const form = multipart ? await request.formData() : null;
    const body = form ? { type: form.get('type'), name: form.get('name'), file: (form.get('file') as File | null)?.type ?? null } : await request.json();
    sent.push({ verb: 'approve', body, authorization: request.headers.get('authorization') });
    return refuse ? HttpResponse.json({ message: CLIENT_DECISION_MESSAGES.linkRefused }, { status: 410 }) : HttpResponse.json({ status: 'approved' });
  }),
  http.post(`${PATH}/reject`, async ({ request }) => {
    sent.push({ verb: 'reject', body: await request.json(), authorization: request.headers.get('authorization') });
    return HttpResponse.json({ status: 'rejected' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  view = { title: 'Invoice INV-7', status: 'waiting' };
  sent = [];
  refuse = false;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function page(signatureRequired = false) {
  return render(
    <ClientDecisionPage<View, { status: string }>
      path={REL}
      approvePath={`${REL}/approve`}
      rejectPath={`${REL}/reject`}
      words={{ title: 'Invoice', approveLabel: 'Approve', approveTitle: 'Approve the invoice', rejectLabel: 'Reject', rejectTitle: 'Reject the invoice', reasonLabel: 'Reason', reasonRequired: 'A reason is required' }}
      pdfFilename={() => 'Invoice.pdf'}
      contactName={() => 'Jane Roe'}
      signatureRequired={() => signatureRequired}
      open={(v) => v.status === 'waiting'}
      approveIntro={(v) => `You approve ${v.title}.`}
      rejectIntro={() => 'Say what should change.'}
      summary={(v) => <h1>{v.title}</h1>}
      outcomeText={(o) => (o.status === 'approved' ? 'Invoice approved' : 'Invoice rejected')}
    />,
  );
}

describe('a document decided through its link', () => {
  it('approves with the name given, without a session, then shows the outcome and nothing to press', async () => {
    page();
    expect(await screen.findByRole('heading', { name: 'Invoice INV-7' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const name = screen.getByLabelText('Your name');
    expect(name).toHaveValue('Jane Roe');
    await userEvent.clear(name);
    await userEvent.type(name, 'J. Roe, Finance');
    await userEvent.click(screen.getAllByRole('button', { name: 'Approve' }).at(-1)!);
    expect(await screen.findByText('Invoice approved')).toBeInTheDocument();
    expect(sent).toEqual([{ verb: 'approve', body: { name: 'J. Roe, Finance' }, authorization: null }]);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download PDF/ })).not.toBeInTheDocument();
  });

  it('asks for a drawn signature when the issuer wants one, and sends it as the budget review does', async () => {
    const restore = stubCanvas();
    try {
      page(true);
      await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
      const dialog = await screen.findByRole('dialog', { name: 'Approve the invoice' });
      const confirm = within(dialog).getByRole('button', { name: 'Approve' });
      expect(confirm).toBeDisabled();
      drawOn(within(dialog).getByRole('img', { name: /Signature pad/ }));
      await waitFor(() => expect(confirm).toBeEnabled());
      await userEvent.click(confirm);
      expect(await screen.findByText('Invoice approved')).toBeInTheDocument();
      expect(sent).toEqual([{ verb: 'approve', body: { type: 'signature', name: 'Jane Roe', file: 'image/png' }, authorization: null }]);
    } finally {
      restore();
    }
  });

  it('sends nothing to reject without a reason, then sends the reason', async () => {
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Reject' }).at(-1)!);
    expect(screen.getByText('A reason is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText(/Reason/), 'Quantities on line 3 are wrong');
    await userEvent.click(screen.getAllByRole('button', { name: 'Reject' }).at(-1)!);
    expect(await screen.findByText('Invoice rejected')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ verb: 'reject', body: { reason: 'Quantities on line 3 are wrong' } });
  });

  it('shows a refused link as the server words it, with nothing to press', async () => {
    refuse = true;
    page();
    expect(await screen.findByText(CLIENT_DECISION_MESSAGES.linkRefused)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('turns into the refusal when the link dies between opening and deciding', async () => {
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    refuse = true;
    await userEvent.click(screen.getAllByRole('button', { name: 'Approve' }).at(-1)!);
    expect(await screen.findByText(CLIENT_DECISION_MESSAGES.linkRefused)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('offers no decision on a document no longer waiting', async () => {
    view = { title: 'Invoice INV-7', status: 'done' };
    page();
    expect(await screen.findByText('This invoice is no longer waiting for your decision.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});

describe('whose move', () => {
  it('names the party, where and when it was sent', () => {
    const turn: DocumentTurn = { waitingOn: 'client', partyName: 'Hill Country Power', contactEmail: 'ap@hcp.example', sentAt: '2026-11-27T15:00:00Z' };
    render(<WaitingNotice turn={turn} />);
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for Hill Country Power: sent to ap@hcp.example on Nov 27');
  });
});

describe('recording a decision given outside the product', () => {
  const decisions = DOCUMENT_DECISIONS.invoice;

  it('asks who gave it and a reason for a rejection before sending anything', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(<RecordDecisionDialog title="Record the client's decision" decisions={decisions} schema={recordedInvoiceDecision} onConfirm={onConfirm} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Record decision' }));
    expect(screen.getByText(CLIENT_DECISION_MESSAGES.decidedBy)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Who gave it/), 'Ann Clerk');
    await userEvent.click(screen.getByLabelText('Decision'));
    await userEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record decision' }));
    expect(screen.getByText(CLIENT_DECISION_MESSAGES.reason)).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/Reason/), 'Wrong week');
    await userEvent.click(screen.getByRole('button', { name: 'Record decision' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    const [{ fields, file }] = onConfirm.mock.calls[0] as unknown as [{ fields: Record<string, string>; file: File | null }];
    expect(fields).toMatchObject({ decision: 'rejected', decidedByName: 'Ann Clerk', reason: 'Wrong week' });
    expect(fields.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(file).toBeNull();
  });

  it('keeps the server refusal in the dialog', async () => {
    const onConfirm = vi.fn(async () => {
      throw new Error('An invoice that is approved, unpaid cannot be approved');
    });
    render(<RecordDecisionDialog title="Record" decisions={decisions} schema={recordedInvoiceDecision} defaultName="Ann Clerk" onConfirm={onConfirm} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Record decision' }));
    expect(await screen.findByText('An invoice that is approved, unpaid cannot be approved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record decision' })).toBeEnabled();
  });
});
