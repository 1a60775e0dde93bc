import { Box, Divider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { publicChangeOrderPaths, SEND_BACK_MESSAGE, type ExternalChangeOrder, type ExternalChangeOrderOutcome } from '../../../resources/change-order-client';
import { formatMoney } from '../../../resources/money';
import { formatInstant } from '../../../resources/time-zone';
import { ClientDecisionPage } from '../client-decision/ClientDecisionPage';
import { DocumentFacts } from '../client-decision/PublicDocumentShell';

const signed = (amount: string) => `${amount.startsWith('-') ? '' : '+'}${formatMoney(amount)}`;

/** The item before and after: quantity, unit price and amount, then the change in amount. */
function BeforeAfter({ view }: { view: ExternalChangeOrder }) {
  const rows = [
    ['Before', view.before],
    ['After', view.after],
  ] as const;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Before and after">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Unit price</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([label, v]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {label}
              </TableCell>
              <TableCell align="right">{v.quantity.toLocaleString('en-US')}</TableCell>
              <TableCell align="right">{formatMoney(v.price)}</TableCell>
              <TableCell align="right">{formatMoney(v.amount)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 700, borderBottom: 0 }}>
              Amount change
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700, borderBottom: 0 }}>
              {signed(view.amountChange)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}

function Summary({ view }: { view: ExternalChangeOrder }) {
  const item = [view.item.name, view.item.code && `code ${view.item.code}`, view.item.unit && `unit ${view.item.unit}`].filter(Boolean).join(', ');
  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="h5" component="h1">
          Change order #{view.number}
        </Typography>
        <Typography color="text.secondary">
          {view.issuer.name} asks {view.clientName ?? 'you'} to accept a change to the budget of {view.project.name}.
        </Typography>
      </Box>
      <DocumentFacts
        facts={[
          ['Project', `${view.project.name} (${view.project.code})`],
          ['PO/WO', view.project.powoNumber],
          ['From', view.issuer.name],
          ['Client', view.clientName],
          ['Item', item],
          ['Description', view.description],
          ['Sent', view.sentAt ? formatInstant(view.sentAt, view.project.timezone) : null],
        ]}
      />
      <Divider />
      <BeforeAfter view={view} />
    </Stack>
  );
}

/**
 * /app/decide/change-order/:token: the change order a client's contact accepts or sends back through
 * the mailed link, without an account (issue 17): phone first, chrome hidden, the item before and
 * after with the PDF as sent; once decided, the outcome; a link that no longer works, its refusal.
 */
export function ChangeOrderDecisionPage() {
  const { token = '' } = useParams();
  const paths = useMemo(() => publicChangeOrderPaths(token), [token]);
  return (
    <ClientDecisionPage<ExternalChangeOrder, ExternalChangeOrderOutcome>
      path={paths.view}
      approvePath={paths.accept}
      rejectPath={paths.sendBack}
      words={{
        title: 'Change order',
        approveLabel: 'Accept',
        approveTitle: 'Accept the change order',
        rejectLabel: 'Send back',
        rejectTitle: 'Send the change order back',
        reasonLabel: 'Message',
        reasonRequired: SEND_BACK_MESSAGE,
      }}
      pdfFilename={(v) => `ChangeOrder_${v.project.code}_${v.number}.pdf`}
      contactName={(v) => v.contactName ?? ''}
      signatureRequired={(v) => v.signatureRequired}
      open={(v) => v.status === 'sent'}
      approveIntro={(v) => (
        <Typography>
          You accept change order #{v.number} of {v.project.name}: {v.item.name} becomes {v.after.quantity.toLocaleString('en-US')} × {formatMoney(v.after.price)} ={' '}
          {formatMoney(v.after.amount)} ({signed(v.amountChange)}).
        </Typography>
      )}
      rejectIntro={(v) => `Tell ${v.issuer.name} what should change; your message goes back with the change order.`}
      summary={(v) => <Summary view={v} />}
      outcomeText={(o) =>
        o.decision === 'accepted'
          ? `Change order #${o.number} accepted. Thank you: ${o.issuerName} is told.`
          : `Change order #${o.number} sent back to ${o.issuerName} with your message${o.reason ? `: “${o.reason}”` : '.'}`
      }
    />
  );
}
