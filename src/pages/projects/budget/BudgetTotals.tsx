import { Box, Typography } from '@mui/material';
import type { Budget } from '../../../../resources/budget';
import { formatMoney } from '../../../../resources/money';
import { formatPercent } from './budget-status';

type Totals = Pick<Budget, 'total' | 'retainage' | 'retainagePercent' | 'profit' | 'profitabilityPercent'>;

/** The budget's total, retainage and profit with their percents, side by side (stacked on a phone). */
export function BudgetTotals({ budget }: { budget: Totals }) {
  const figures = [
    { label: 'Total', value: formatMoney(budget.total), strong: true },
    { label: `Retainage (${formatPercent(budget.retainagePercent)})`, value: formatMoney(budget.retainage) },
    { label: `Profit (${formatPercent(budget.profitabilityPercent)})`, value: formatMoney(budget.profit) },
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, max-content))' }, columnGap: 5, rowGap: 1, m: 0 }}>
      {figures.map((f) => (
        <Box key={f.label} sx={{ display: { xs: 'flex', sm: 'block' }, justifyContent: 'space-between', gap: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" variant={f.strong ? 'h6' : 'subtitle1'} fontWeight={f.strong ? 700 : 500} sx={{ m: 0, lineHeight: 1.3 }}>
            {f.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
