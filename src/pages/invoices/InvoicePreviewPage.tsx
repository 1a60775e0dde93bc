import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Alert, Box, Button, GlobalStyles, Skeleton, Stack, Typography } from '@mui/material';
import { useOne } from '@refinedev/core';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { invoices, type Invoice } from '../../../resources/invoice';
import { formatMoney } from '../../../resources/money';
import { dayIn } from '../../../resources/time-zone';
import type { ApiError } from '../../api/http';
import { missingRowText } from '../../components/ShowPageFrame';
import { useResource } from '../../engine/useResource';
import { InvoiceLines } from './InvoiceLines';
import { InvoiceTotals } from './InvoiceTotals';
import { formatDay, invoiceStatusLabel } from './invoice-status';

/**
 * Margins that fit both A4 (210 mm) and Letter (215.9 mm): the sheet is laid out 186 mm wide, so
 * whichever paper the printer holds, nothing is cut and nothing is scaled.
 */
const PRINT = (
  <GlobalStyles
    styles={{
      '@page': { margin: '12mm' },
      '@media print': { body: { background: '#fff' }, '.MuiCssBaseline-root, html': { background: '#fff' } },
    }}
  />
);

const Block = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="overline" color="text.secondary" component="h2" sx={{ lineHeight: 1.5 }}>
      {title}
    </Typography>
    <Box sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', typography: 'body2' }}>{children}</Box>
  </Box>
);

function Sheet({ invoice }: { invoice: Invoice }) {
  const { issuer } = invoice;
  return (
    <Box
      component="article"
      aria-label={`Invoice ${invoice.number}`}
      sx={{
        bgcolor: '#fff',
        color: '#000',
        width: '100%',
        maxWidth: '210mm',
        mx: 'auto',
        p: { xs: 2, sm: '12mm' },
        boxShadow: 2,
        '@media print': { boxShadow: 'none', p: 0, maxWidth: 'none' },
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={2} sx={{ '@media print': { flexDirection: 'row' } }}>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          {issuer.logoUrl && <Box component="img" src={issuer.logoUrl} alt={`${issuer.name} logo`} sx={{ maxHeight: 64, maxWidth: 200, objectFit: 'contain', alignSelf: 'flex-start' }} />}
          <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {issuer.name}
          </Typography>
          {issuer.address && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {issuer.address}
            </Typography>
          )}
        </Stack>
        <Box sx={{ textAlign: { sm: 'right' }, '@media print': { textAlign: 'right' } }}>
          <Typography variant="h4" component="h1">
            Invoice
          </Typography>
          <Typography variant="body1" fontWeight={600}>
            {invoice.number}
          </Typography>
          {(invoice.status === 'draft' || invoice.status === 'cancelled') && (
            <Typography variant="body2" fontWeight={700} sx={{ textTransform: 'uppercase', letterSpacing: 1 }}>
              {invoiceStatusLabel(invoice.status)}
            </Typography>
          )}
          <Typography variant="body2">Date: {formatDay(dayIn(invoice.sentAt ?? invoice.createdAt, invoice.projectTimezone))}</Typography>
          {invoice.dueDate && <Typography variant="body2">Due: {formatDay(invoice.dueDate)}</Typography>}
          {invoice.weekEndingDate && <Typography variant="body2">Week ending: {formatDay(invoice.weekEndingDate)}</Typography>}
        </Box>
      </Stack>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, my: 3, '@media print': { gridTemplateColumns: '1fr 1fr' } }}>
        <Block title="Billed to">{[invoice.billTo.name ?? '—', invoice.billTo.address, invoice.billTo.email].filter(Boolean).join('\n')}</Block>
        <Block title="Project">
          {invoice.projectCode} · {invoice.projectName}
          {invoice.powoNumber && `\nPO/WO ${invoice.powoNumber}`}
        </Block>
      </Box>

      <InvoiceLines lines={invoice.lines} />

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3, breakInside: 'avoid' }}>
        <Box sx={{ width: { xs: '100%', sm: '60%' }, '@media print': { width: '60%' } }}>
          <InvoiceTotals totals={invoice} />
        </Box>
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 3, breakInside: 'avoid', '@media print': { gridTemplateColumns: '1fr 1fr' } }}>
        {issuer.remitTo && <Block title="Remit to">{issuer.remitTo}</Block>}
        <Block title="Terms">
          {issuer.paymentTermsDays ? `Net ${issuer.paymentTermsDays} days` : 'Due on receipt'}
          {'\n'}Amount due {formatMoney(invoice.due)}
        </Block>
        {invoice.notes && <Block title="Notes">{invoice.notes}</Block>}
      </Box>

      {issuer.footerNotes && (
        <Typography component="footer" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 4, pt: 1, borderTop: 1, borderColor: 'divider', whiteSpace: 'pre-line' }}>
          {issuer.footerNotes}
        </Typography>
      )}
    </Box>
  );
}

/** invoices/preview/:invoiceId: the invoice as printed, without the app's chrome; Print and Back leave the paper. */
export function InvoicePreviewPage() {
  const { invoiceId = '' } = useParams();
  const { meta } = useResource(invoices);
  const { result: invoice, query } = useOne<Invoice>({ resource: invoices.name, id: invoiceId, meta, errorNotification: false });
  const error = query.error as ApiError | null;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100', py: { xs: 0, sm: 3 }, '@media print': { bgcolor: '#fff', py: 0 } }}>
      {PRINT}
      <Stack direction="row" spacing={1} sx={{ maxWidth: '210mm', mx: 'auto', px: { xs: 1, sm: 0 }, py: 1, displayPrint: 'none' }}>
        <Button component={RouterLink} to={`/invoices/${invoiceId}`} startIcon={<ArrowBack />}>
          Invoice
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()} disabled={!invoice}>
          Print
        </Button>
      </Stack>
      {query.isLoading ? (
        <Skeleton variant="rectangular" sx={{ maxWidth: '210mm', mx: 'auto' }} height={600} />
      ) : query.isError || !invoice ? (
        <Alert severity="error" sx={{ maxWidth: '210mm', mx: 'auto' }}>
          {missingRowText(error, 'invoice')}
        </Alert>
      ) : (
        <Sheet invoice={invoice} />
      )}
    </Box>
  );
}
