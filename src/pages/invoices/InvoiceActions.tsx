import EditOutlined from '@mui/icons-material/EditOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Button, Stack } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { INVOICE_BILLING_MESSAGES, INVOICE_SUCCESS, INVOICE_TRANSITIONS, type Invoice } from '../../../resources/invoice';
import { formatMoney } from '../../../resources/money';
import { holds } from '../../../permissions';
import { apiFetch } from '../../api/http';
import { PdfDownloadButton } from '../budget-review/PdfDownloadButton';
import { ReasonDialog } from '../budget-review/ReasonDialog';
import { ConfirmActionDialog } from '../projects/budget/ConfirmActionDialog';
import { useSession } from '../../session/useSession';
import { invoicePaths, postInvoice } from './invoice-api';
import { retainageHeld } from './invoice-money';
import { PaymentDialog, type PaymentMode } from './PaymentDialog';

type Open = null | 'send' | 'approve' | 'approveSinglePart' | 'reject' | 'cancel' | PaymentMode;

/**
 * The moves the answer's can* flags allow, each behind its dialog. Releasing retainage has no flag of
 * its own: the billing company with invoices:manage may release while retainage is held and the
 * state machine allows it; the server judges.
 */
export function InvoiceActions({ invoice, onChanged }: { invoice: Invoice; onChanged: () => Promise<void> }) {
  const { open: notify } = useNotification();
  const { profile } = useSession();
  const [open, setOpen] = useState<Open>(null);
  const paths = invoicePaths(invoice.id);
  const canRelease =
    invoice.direction === 'sent' && holds(profile, 'invoices:manage') && INVOICE_TRANSITIONS.release.from.includes(invoice.status) && retainageHeld(invoice) > 0n;

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

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="flex-start" aria-label="Invoice actions" role="group">
        {invoice.canEdit && (
          <Button component={RouterLink} to={`/invoices/new/${invoice.projectId}/${invoice.id}`} startIcon={<EditOutlined />} variant="outlined">
            Edit
          </Button>
        )}
        {invoice.canSend && (
          <Button variant="contained" startIcon={<SendOutlined />} onClick={() => setOpen('send')}>
            Send
          </Button>
        )}
        {invoice.canApprove && (
          <Button variant="contained" color="success" onClick={() => setOpen('approve')}>
            Approve
          </Button>
        )}
        {invoice.canApproveSinglePart && (
          <Button variant="contained" color="success" onClick={() => setOpen('approveSinglePart')}>
            Approve single part
          </Button>
        )}
        {invoice.canReject && (
          <Button variant="outlined" color="error" onClick={() => setOpen('reject')}>
            Reject
          </Button>
        )}
        {invoice.canPay && (
          <>
            <Button variant="contained" onClick={() => setOpen('paid')}>
              Paid
            </Button>
            <Button variant="outlined" onClick={() => setOpen('payment')}>
              Record payment
            </Button>
          </>
        )}
        {canRelease && (
          <Button variant="outlined" onClick={() => setOpen('release')}>
            Release retainage
          </Button>
        )}
        {invoice.canCancel && (
          <Button color="error" onClick={() => setOpen('cancel')}>
            Cancel invoice
          </Button>
        )}
        <Button component={RouterLink} to={`/invoices/preview/${invoice.id}`} startIcon={<PrintOutlined />}>
          Preview
        </Button>
        <PdfDownloadButton path={paths.pdf} filename={`Invoice_${invoice.number}.pdf`} label="Download PDF" variant="text" />
      </Stack>

      {open === 'send' && (
        <ConfirmActionDialog title="Send invoice" confirmLabel="Send" onConfirm={move(paths.send, 'PATCH', INVOICE_SUCCESS.sent)} onClose={() => setOpen(null)}>
          Send invoice {invoice.number} for {formatMoney(invoice.due)} to {invoice.clientName ?? 'the client'}? It can no longer be edited unless it is rejected.
        </ConfirmActionDialog>
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
            : `Approve invoice ${invoice.number} of this single-part project yourself? It becomes due for payment.`}
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
