import type { Invoice } from '../../../resources/invoice';
import { apiFetch } from '../../api/http';
import { ClientContactDialog } from '../../components/ClientContactDialog';
import { invoicePaths } from './invoice-api';

/**
 * Who the invoice is mailed to (the client's contact): changeable before sending, and on a sent one
 * for the next time it is sent again. With `andSend` it is the step before sending an invoice whose
 * client has nobody who can sign in: saved, then sent.
 */
export function InvoiceContactDialog({ invoice, andSend = false, onDone, onClose }: { invoice: Invoice; andSend?: boolean; onDone: () => Promise<void>; onClose: () => void }) {
  const paths = invoicePaths(invoice.id);
  const intro = andSend
    ? `Nobody at ${invoice.clientName ?? 'the client'} can sign in: the invoice is mailed to this person with a link to approve or reject it.`
    : invoice.status === 'submit'
      ? 'The invoice goes to this address the next time you send it again; the link sent before then stops working.'
      : 'The invoice is mailed to this person when you send it, with a link to approve or reject it.';
  return (
    <ClientContactDialog
      title={andSend ? 'Who receives this invoice?' : 'Client contact'}
      intro={intro}
      initial={invoice.contact}
      confirmLabel={andSend ? 'Save and send' : 'Save contact'}
      onSave={async (contact) => {
        await apiFetch(paths.contact, { method: 'PATCH', body: contact, quiet: true });
        if (andSend) await apiFetch(paths.send, { method: 'PATCH', quiet: true });
        await onDone();
      }}
      onClose={onClose}
    />
  );
}
