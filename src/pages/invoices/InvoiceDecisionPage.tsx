import { Box, Divider, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { INVOICE_BILLING_MESSAGES, INVOICE_SUCCESS } from '../../../resources/invoice';
import type { ExternalInvoice, ExternalInvoiceOutcome } from '../../../resources/invoice-client';
import { formatMoney } from '../../../resources/money';
import { dayIn } from '../../../resources/time-zone';
import { ClientDecisionPage } from '../client-decision/ClientDecisionPage';
import { DocumentFacts } from '../client-decision/PublicDocumentShell';
import { formatDay } from './invoice-status';

const WORDS = {
  title: 'Invoice',
  approveLabel: 'Approve',
  approveTitle: 'Approve invoice',
  rejectLabel: 'Reject',
  rejectTitle: 'Reject invoice',
  reasonLabel: 'Reason',
  reasonRequired: INVOICE_BILLING_MESSAGES.reason,
};

function Summary({ invoice }: { invoice: ExternalInvoice }) {
  const amounts: Array<[string, string]> = [['Subtotal', formatMoney(invoice.subtotal)]];
  if (invoice.retainage !== '0.00') amounts.push([`Retainage held (${invoice.retainagePercent} %)`, `-${formatMoney(invoice.retainage)}`]);
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          Invoice {invoice.number}
        </Typography>
        <Typography color="text.secondary">from {invoice.issuer.name}</Typography>
      </Box>
      <DocumentFacts
        facts={[
          ['Bill to', invoice.clientName],
          ['Project', `${invoice.project.name} (${invoice.project.code})`],
          ['PO/WO', invoice.project.powoNumber],
          ['Sent', invoice.sentAt && formatDay(dayIn(invoice.sentAt, invoice.project.timezone))],
          ['Due', invoice.dueDate && formatDay(invoice.dueDate)],
          ['Week ending', invoice.weekEndingDate && formatDay(invoice.weekEndingDate)],
        ]}
      />
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Lines">
        {invoice.lines.map((l) => (
          <Stack component="li" key={l.id} direction="row" spacing={1} justifyContent="space-between">
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {l.itemName}
                {l.itemCode ? ` (${l.itemCode})` : ''}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDay(l.productionDate)} · {l.crewName} · {l.quantity} {l.unit ?? ''} × {formatMoney(l.price)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(l.amount)}
            </Typography>
          </Stack>
        ))}
      </Stack>
      {invoice.lineCount > invoice.lines.length && (
        <Typography variant="body2" color="text.secondary">
          The first {invoice.lines.length} of {invoice.lineCount} lines; the PDF holds them all.
        </Typography>
      )}
      <Divider />
      <Stack spacing={0.5} aria-label="Amounts">
        {amounts.map(([label, value]) => (
          <Stack key={label} direction="row" justifyContent="space-between">
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="body2">{value}</Typography>
          </Stack>
        ))}
        <Stack direction="row" justifyContent="space-between">
          <Typography fontWeight={700}>Amount due</Typography>
          <Typography fontWeight={700}>{formatMoney(invoice.due)}</Typography>
        </Stack>
      </Stack>
    </Stack>
  );
}

/**
 * decide/invoice/:token: the invoice the client's contact opens from the mail, without an account:
 * the summary, its lines and the PDF as mailed; approve (with an optional name) or reject with a
 * reason. Once decided the page says so and offers nothing more: the link is used up.
 */
export function InvoiceDecisionPage() {
  const { token = '' } = useParams();
  const path = `/public/invoices/${encodeURIComponent(token)}`;
  return (
    <ClientDecisionPage<ExternalInvoice, ExternalInvoiceOutcome>
      path={path}
      approvePath={`${path}/approve`}
      rejectPath={`${path}/reject`}
      words={WORDS}
      pdfFilename={(v) => `Invoice_${v.number}.pdf`}
      contactName={(v) => v.contactName ?? ''}
      signatureRequired={(v) => v.signatureRequired}
      open={(v) => v.status === 'submit'}
      approveIntro={(v) => `Approve invoice ${v.number} from ${v.issuer.name} for ${formatMoney(v.due)}? It becomes due for payment.`}
      rejectIntro={(v) => `Invoice ${v.number} goes back to ${v.issuer.name}, who may correct it and send it again. Say what is wrong.`}
      summary={(v) => <Summary invoice={v} />}
      outcomeText={(o) =>
        o.decision === 'approved'
          ? `${INVOICE_SUCCESS.approved}. ${o.issuerName} has been told. Thank you, ${o.decidedByName}.`
          : `${INVOICE_SUCCESS.rejected}. ${o.issuerName} has been told and may send a corrected invoice.`
      }
    />
  );
}
