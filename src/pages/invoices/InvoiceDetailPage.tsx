import { Alert, Box, Card, CardContent, CardHeader, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useOne } from '@refinedev/core';
import type { ReactNode } from 'react';
import { useParams, Link as RouterLink } from 'react-router';
import { INVOICE_TRANSACTION_KINDS, invoiceCommentBody, invoices, PAYMENT_METHODS, type Invoice, type InvoiceComment } from '../../../resources/invoice';
import { formatMoney } from '../../../resources/money';
import { apiFetch, type ApiError } from '../../api/http';
import { ActivityList } from '../../components/ActivityList';
import { Comments } from '../../components/Comments';
import { missingRowText, ShowPageFrame } from '../../components/ShowPageFrame';
import { useResource } from '../../engine/useResource';
import { formatInstant } from '../../../resources/time-zone';
import { InvoiceActions } from './InvoiceActions';
import { InvoiceLines } from './InvoiceLines';
import { InvoiceTotals } from './InvoiceTotals';
import { InvoiceTurn } from './InvoiceTurn';
import { useLiveRefresh } from '../../realtime/useLiveRefresh';
import { INVOICE_RESOURCES, invoicePaths, useInvoiceRefresh } from './invoice-api';
import { formatDay, InvoiceStatusChip } from './invoice-status';

const KIND = Object.fromEntries(INVOICE_TRANSACTION_KINDS.map((k) => [k.value, k.label])) as Record<string, string>;
const METHOD = Object.fromEntries(PAYMENT_METHODS.map((m) => [m.value, m.label])) as Record<string, string>;

function Header({ invoice }: { invoice: Invoice }) {
  const at = (iso: string) => formatInstant(iso, invoice.projectTimezone);
  const dates = [
    `Created ${at(invoice.createdAt)}`,
    invoice.dueDate && `Due ${formatDay(invoice.dueDate)}`,
    invoice.weekEndingDate && `Week ending ${formatDay(invoice.weekEndingDate)}`,
    invoice.sentAt && `Sent ${at(invoice.sentAt)}`,
    invoice.approvedAt && `Approved ${at(invoice.approvedAt)}`,
    invoice.paidAt && `Paid ${at(invoice.paidAt)}`,
  ].filter(Boolean);
  const billed = [invoice.billTo.address, invoice.powoNumber && `PO/WO ${invoice.powoNumber}`].filter(Boolean);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          Invoice {invoice.number}
        </Typography>
        <InvoiceStatusChip status={invoice.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={`/projects/${invoice.projectId}`}>
          {invoice.projectCode} · {invoice.projectName}
        </Link>
        {' · '}
        {invoice.direction === 'sent' ? `Billed to ${invoice.billTo.name ?? 'the client'}` : `From ${invoice.companyName}`}
      </Typography>
      {billed.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {billed.join(' · ')}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {dates.join(' · ')}
      </Typography>
    </Stack>
  );
}

function Transactions({ invoice }: { invoice: Invoice }) {
  if (!invoice.transactions.length) return <Typography color="text.secondary">No payments yet.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Transactions">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Kind</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Method · reference</TableCell>
            <TableCell>Recorded by</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.transactions.map((t) => (
            <TableRow key={t.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(t.paidOn)}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {KIND[t.kind] ?? t.kind}
                {t.note && (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                    {t.note}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(t.amount)}
                {t.kind !== 'payment' && (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { sm: 'none' } }}>
                    {KIND[t.kind] ?? t.kind}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' }}>
                {[t.method && METHOD[t.method], t.reference].filter(Boolean).join(' · ')}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {t.createdBy ?? ''}
                {t.recordedByCompany && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t.recordedByCompany}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card component="section" aria-label={title}>
    <CardHeader title={title} titleTypographyProps={{ variant: 'h6', component: 'h2' }} sx={{ pb: 0 }} />
    <CardContent>{children}</CardContent>
  </Card>
);

/**
 * invoices/:invoiceId: header, lines by production, totals, payments, comments and activity, and the
 * moves the answer lists for the viewer, with whose move it is and the decisions made. On a phone the columns stack, totals first after the header.
 */
export function InvoiceDetailPage() {
  const { invoiceId = '' } = useParams();
  const { meta } = useResource(invoices);
  const refresh = useInvoiceRefresh();
  const { result: invoice, query } = useOne<Invoice>({ resource: invoices.name, id: invoiceId, meta, errorNotification: false });
  // Another user's change (a decision, a payment, a comment) shows here without a reload, activity included.
  useLiveRefresh(invoices.name, invoiceId, refresh, [INVOICE_RESOURCES.comments]);
  const error = query.error as ApiError | null;
  const paths = invoicePaths(invoiceId);
  return (
    <ShowPageFrame
      backTo="/invoices"
      backLabel="Invoices"
      loading={query.isLoading}
      row={query.isError ? undefined : invoice}
      notFound={missingRowText(error, 'invoice')}
    >
      {(invoice) => (
        <Stack spacing={2}>
          <Header invoice={invoice} />
          <InvoiceTurn invoice={invoice} />
          <InvoiceActions invoice={invoice} onChanged={refresh} />
          {invoice.status === 'rejected' && invoice.rejectReason && <Alert severity="error">Rejected: {invoice.rejectReason}</Alert>}
          {invoice.status === 'cancelled' && invoice.cancelReason && <Alert severity="warning">Cancelled: {invoice.cancelReason}</Alert>}
          <Grid container spacing={2} alignItems="flex-start">
            <Grid size={{ xs: 12, md: 4 }} order={{ xs: 0, md: 1 }}>
              <Stack spacing={2}>
                <Section title="Totals">
                  <InvoiceTotals totals={invoice} />
                </Section>
                {invoice.notes && (
                  <Section title="Notes">
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {invoice.notes}
                    </Typography>
                  </Section>
                )}
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }} order={{ xs: 1, md: 0 }}>
              <Stack spacing={2}>
                <Section title="Lines">
                  <InvoiceLines lines={invoice.lines} />
                </Section>
                <Section title="Payments">
                  <Transactions invoice={invoice} />
                </Section>
                <Section title="Comments">
                  <Comments<InvoiceComment>
                    resource={INVOICE_RESOURCES.comments}
                    path={paths.comments}
                    text={(c) => c.body}
                    schema={invoiceCommentBody}
                    post={(comment) => apiFetch(paths.comments, { method: 'POST', body: { comment }, quiet: true })}
                    onAdded={() => void refresh()}
                    pageSize={20}
                    errorNotification={false}
                    anchor="invoice-comment"
                  />
                </Section>
                <Section title="Activity">
                  <ActivityList path={paths.activity} paged timeZone={invoice.projectTimezone} />
                </Section>
              </Stack>
            </Grid>
          </Grid>
        </Stack>
      )}
    </ShowPageFrame>
  );
}
