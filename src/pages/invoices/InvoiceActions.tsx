import EditOutlined from '@mui/icons-material/EditOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Button, Stack } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DOCUMENT_DECISIONS, recordedInvoiceDecision } from '../../../resources/client-decision';
import { INVOICE_BILLING_MESSAGES, INVOICE_SUCCESS, type Invoice, type InvoiceMove } from '../../../resources/invoice';
import { formatMoney } from '../../../resources/money';
import { apiFetch } from '../../api/http';
import { uploadFile } from '../../api/upload';
import { RecordDecisionDialog } from '../../components/RecordDecisionDialog';
import { PdfDownloadButton } from '../budget-review/PdfDownloadButton';
import { ReasonDialog } from '../budget-review/ReasonDialog';
import { ConfirmActionDialog } from '../projects/budget/ConfirmActionDialog';
import { invoicePaths, postInvoice } from './invoice-api';
import { InvoiceContactDialog } from './InvoiceContactDialog';
import { PaymentDialog, type PaymentMode } from './PaymentDialog';

type Open = null | 'send' | 'contactAndSend' | 'resend' | 'changeContact' | 'recordDecision' | 'approve' | 'approveSinglePart' | 'reject' | 'cancel' | PaymentMode;

/** The buttons, in the order they show, for the moves the answer lists (edit is a link). */
const BUTTONS: Array<{ move: InvoiceMove; open: Open; label: string; variant: 'contained' | 'outlined' | 'text'; color?: 'success' | 'error' }> = [
  { move: 'send', open: 'send', label: 'Send', variant: 'contained' },
  { move: 'recordDecision', open: 'recordDecision', label: 'Record client’s decision', variant: 'outlined' },
  { move: 'resend', open: 'resend', label: 'Send again', variant: 'outlined' },
  { move: 'changeContact', open: 'changeContact', label: 'Change contact', variant: 'text' },
  { move: 'approve', open: 'approve', label: 'Approve', variant: 'contained', color: 'success' },
  { move: 'approveSinglePart', open: 'approveSinglePart', label: 'Approve single part', variant: 'contained', color: 'success' },
  { move: 'reject', open: 'reject', label: 'Reject', variant: 'outlined', color: 'error' },
  { move: 'recordPayment', open: 'payment', label: 'Record payment', variant: 'contained' },
  { move: 'markPaid', open: 'paid', label: 'Mark as paid', variant: 'outlined' },
  { move: 'releaseRetainage', open: 'release', label: 'Release retainage', variant: 'outlined' },
  { move: 'cancel', open: 'cancel', label: 'Cancel invoice', variant: 'text', color: 'error' },
];

/**
 * The moves the answer lists for this viewer, each behind its dialog, worded from the viewer's side:
 * the issuer sends, sends again, changes the contact, records the client's decision and its payments;
 * the billed company approves, rejects and may mark it paid.
 */
export function InvoiceActions({ invoice, onChanged }: { invoice: Invoice; onChanged: () => Promise<void> }) {
  const { open: notify } = useNotification();
  const [open, setOpen] = useState<Open>(null);
  const paths = invoicePaths(invoice.id);
  const has = (move: InvoiceMove) => invoice.moves.includes(move);
  const client = invoice.clientName ?? 'the client';

  const done = async (message: string) => {
    setOpen(null);
    notify?.({ type: 'success', message });
    await onChanged();
  };
  /** A confirmed move without a body: a refusal goes to the generic error dialog. */
  const move = (path: string, method: 'POST' | 'PATCH', message: string) => async () => {
    await apiFetch(path, { method });
    notify?.({ type: 'success', message });
    await onChanged();
  };
  const choose = (next: Open) => setOpen(next === 'send' && invoice.contactRequired && !invoice.contact ? 'contactAndSend' : next);

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="flex-start" aria-label="Invoice actions" role="group">
        {has('edit') && (
          <Button component={RouterLink} to={`/invoices/new/${invoice.projectId}/${invoice.id}`} startIcon={<EditOutlined />} variant="outlined">
            Edit
          </Button>
        )}
        {BUTTONS.filter((b) => has(b.move)).map((b) => (
          <Button key={b.move} variant={b.variant} color={b.color} startIcon={b.move === 'send' ? <SendOutlined /> : undefined} onClick={() => choose(b.open)}>
            {b.label}
          </Button>
        ))}
        <Button component={RouterLink} to={`/invoices/preview/${invoice.id}`} startIcon={<PrintOutlined />}>
          Preview
        </Button>
        <PdfDownloadButton path={paths.pdf} filename={`Invoice_${invoice.number}.pdf`} label="Download PDF" variant="text" />
      </Stack>

      {open === 'send' && (
        <ConfirmActionDialog title="Send invoice" confirmLabel="Send" onConfirm={move(paths.send, 'PATCH', INVOICE_SUCCESS.sent)} onClose={() => setOpen(null)}>
          Send invoice {invoice.number} for {formatMoney(invoice.due)} to {client}?
          {invoice.contact ? ` ${invoice.contact.email} gets it as a PDF with a link to approve or reject it.` : ''} It can no longer be edited unless it is rejected.
        </ConfirmActionDialog>
      )}
      {open === 'resend' && (
        <ConfirmActionDialog title="Send the invoice again" confirmLabel="Send again" onConfirm={move(paths.resend, 'POST', INVOICE_SUCCESS.sent)} onClose={() => setOpen(null)}>
          Mail invoice {invoice.number} again to {invoice.contact?.email ?? client} with a new link? The link sent before stops working.
        </ConfirmActionDialog>
      )}
      {(open === 'changeContact' || open === 'contactAndSend') && (
        <InvoiceContactDialog
          invoice={invoice}
          andSend={open === 'contactAndSend'}
          onDone={() => done(open === 'contactAndSend' ? INVOICE_SUCCESS.sent : 'Client contact saved')}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'recordDecision' && (
        <RecordDecisionDialog
          title="Record the client’s decision"
          intro={`${client} told you outside Fieldwork (a call, a signed paper) whether they approve invoice ${invoice.number}. It is shown as recorded on their behalf, with your name.`}
          decisions={DOCUMENT_DECISIONS.invoice}
          schema={recordedInvoiceDecision}
          defaultName={invoice.contact?.name ?? ''}
          defaultEmail={invoice.contact?.email ?? ''}
          onConfirm={async ({ fields, file }, onProgress) => {
            if (file) await uploadFile(paths.decision, fields, file, onProgress);
            else await postInvoice(paths.decision, fields);
            await done(fields.decision === 'approved' ? INVOICE_SUCCESS.approved : INVOICE_SUCCESS.rejected);
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {(open === 'approve' || open === 'approveSinglePart') && (
        <ConfirmActionDialog
          title={open === 'approve' ? 'Approve invoice' : 'Approve single part'}
          confirmLabel="Approve"
          color="success"
          onConfirm={move(open === 'approve' ? paths.approve : paths.approveSinglePart, 'POST', INVOICE_SUCCESS.approved)}
          onClose={() => setOpen(null)}
        >
          {open === 'approve'
            ? `Approve invoice ${invoice.number} from ${invoice.companyName}? It becomes due for payment.`
            : `Mark invoice ${invoice.number} of this single-part project as approved? It becomes due for payment.`}
        </ConfirmActionDialog>
      )}
      {open === 'reject' && (
        <ReasonDialog
          title="Reject invoice"
          intro={`Invoice ${invoice.number} goes back to ${invoice.companyName}, who may correct and send it again.`}
          label="Reason"
          requiredMessage={INVOICE_BILLING_MESSAGES.reason}
          confirmLabel="Reject"
          onConfirm={async (reason) => {
            await postInvoice(paths.reject, { reason });
            await done(INVOICE_SUCCESS.rejected);
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'cancel' && (
        <ReasonDialog
          title="Cancel invoice"
          intro={`Invoice ${invoice.number} is marked as cancelled and its production can be billed again. This cannot be undone.`}
          label="Reason"
          requiredMessage={INVOICE_BILLING_MESSAGES.reason}
          confirmLabel="Cancel invoice"
          onConfirm={async (reason) => {
            await postInvoice(paths.cancel, { reason });
            await done(INVOICE_SUCCESS.cancelled);
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {(open === 'paid' || open === 'payment' || open === 'release') && (
        <PaymentDialog invoice={invoice} mode={open} onDone={(message) => void done(message)} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
