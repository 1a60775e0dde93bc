import { Box, Typography } from '@mui/material';
import type { InvoiceTotals as Totals } from '../../../resources/invoice';
import { formatMoney } from '../../../resources/money';
import { cents } from './invoice-money';

/** A deduction reads with a minus, but nothing taken off is just $0.00. */
const less = (money: string) => (cents(money) === 0n ? formatMoney(money) : `−${formatMoney(money)}`);
const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 3 })} %`;

/** Subtotal, retainage held, released, due, paid and balance, as the server counted them. */
export function InvoiceTotals({ totals }: { totals: Totals }) {
  const rows: Array<[string, string, boolean?]> = [
    ['Subtotal', formatMoney(totals.subtotal)],
    [`Retainage (${percent(totals.retainagePercent)})`, less(totals.retainage)],
    ['Retainage released', formatMoney(totals.released)],
    ['Amount due', formatMoney(totals.due), true],
    ['Paid', less(totals.paid)],
    ['Balance', formatMoney(totals.balance), true],
  ];
  return (
    <Box component="dl" aria-label="Totals" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75, columnGap: 2 }}>
      {rows.map(([label, value, strong]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color={strong ? 'text.primary' : 'text.secondary'} fontWeight={strong ? 600 : 400}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap' }} fontWeight={strong ? 600 : 400}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
