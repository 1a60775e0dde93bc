import { Box, Button, Checkbox, Divider, Paper, Stack, TextField, Typography } from '@mui/material';
import type { BillableProduction } from '../../../resources/invoice';
import type { BillableRange } from './useBillablePages';
import { formatMoney } from '../../../resources/money';
import { formatDay } from './invoice-status';
import { productionAmount } from './invoice-money';

/** Item, unit, quantity, price and amount; unit and price leave the row on a phone and join the item's second line. */
const ROW = { display: 'grid', gridTemplateColumns: { xs: '40px minmax(0, 1fr) auto', sm: '40px minmax(0, 1fr) 48px 84px 100px 110px' }, alignItems: 'center', columnGap: 1 } as const;
const WIDE = { display: { xs: 'none', sm: 'block' }, textAlign: 'right' } as const;

function Heading() {
  return (
    <Box sx={{ ...ROW, px: 1, py: 0.5, color: 'text.secondary', typography: 'caption', display: { xs: 'none', sm: 'grid' } }} aria-hidden>
      <span />
      <span>Item</span>
      <Box sx={{ textAlign: 'left' }}>Unit</Box>
      <Box sx={{ textAlign: 'right' }}>Quantity</Box>
      <Box sx={{ textAlign: 'right' }}>Price</Box>
      <Box sx={{ textAlign: 'right' }}>Amount</Box>
    </Box>
  );
}

/**
 * The approved production not yet billed that is loaded, by production (date, crew, company), each
 * with its items. A production's box picks or drops all its items; an item's box only that item; the
 * top box every loaded item (not pages yet to load). Items picked elsewhere (another range) are counted.
 */
export function BillableProductions({
  productions,
  selected,
  onChange,
  disabled,
}: {
  productions: BillableProduction[];
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  disabled?: boolean;
}) {
  const allIds = productions.flatMap((p) => p.items.map((i) => i.id));
  const picked = allIds.filter((id) => selected.has(id)).length;
  const elsewhere = selected.size - picked;
  const setMany = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
    onChange(next);
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" alignItems="center" spacing={1}>
        <Checkbox
          checked={picked > 0 && picked === allIds.length}
          indeterminate={picked > 0 && picked < allIds.length}
          onChange={(e) => setMany(allIds, e.target.checked)}
          disabled={disabled || !allIds.length}
          slotProps={{ input: { 'aria-label': 'Select all loaded items' } }}
        />
        <Typography variant="body2" color="text.secondary" data-testid="billable-picked">
          {picked} of {allIds.length} loaded items selected
          {elsewhere > 0 && ` · ${elsewhere} more selected outside this list`}
        </Typography>
      </Stack>
      {productions.map((p) => {
        const ids = p.items.map((i) => i.id);
        const on = ids.filter((id) => selected.has(id)).length;
        const name = `${formatDay(p.date)} · ${p.crewName}`;
        return (
          <Paper key={p.id} variant="outlined" component="section" aria-label={`Production ${name}`}>
            <Stack direction="row" alignItems="center" spacing={1} sx={{ px: 1, py: 0.5, bgcolor: 'action.hover' }}>
              <Checkbox
                checked={on > 0 && on === ids.length}
                indeterminate={on > 0 && on < ids.length}
                onChange={(e) => setMany(ids, e.target.checked)}
                disabled={disabled}
                slotProps={{ input: { 'aria-label': `Select production ${name}` } }}
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {p.companyName} · {p.items.length} {p.items.length === 1 ? 'item' : 'items'}
                </Typography>
              </Box>
              <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap', pr: 1 }}>
                {formatMoney(productionAmount(p))}
              </Typography>
            </Stack>
            <Heading />
            <Divider />
            {p.items.map((item) => {
              const label = item.itemCode ? `${item.itemCode} ${item.itemName}` : item.itemName;
              return (
                <Box key={item.id} sx={{ ...ROW, px: 1, py: 0.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
                  <Checkbox
                    checked={selected.has(item.id)}
                    onChange={(e) => setMany([item.id], e.target.checked)}
                    disabled={disabled}
                    slotProps={{ input: { 'aria-label': `Select ${label}` } }}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {label}
                      {item.onThisInvoice && (
                        <Typography component="span" variant="caption" color="primary" sx={{ ml: 1 }}>
                          on this invoice
                        </Typography>
                      )}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                      {item.quantity} {item.unit ?? ''} × {formatMoney(item.price)}
                    </Typography>
                  </Box>
                  <Box sx={{ ...WIDE, textAlign: 'left' }}>{item.unit ?? ''}</Box>
                  <Box sx={WIDE}>{item.quantity}</Box>
                  <Box sx={WIDE}>{formatMoney(item.price)}</Box>
                  <Box sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(item.amount)}</Box>
                </Box>
              );
            })}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** Production days to list, both included; either end may stay open. Two fields side by side, wrapping on a phone. */
export function BillableRangeFilter({ range, invalid, disabled, onChange }: { range: BillableRange; invalid: boolean; disabled?: boolean; onChange: (next: BillableRange) => void }) {
  const field = { type: 'date', size: 'small', disabled, slotProps: { inputLabel: { shrink: true } }, sx: { flex: '1 1 140px', minWidth: 0 } } as const;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="flex-start" sx={{ mb: 1.5 }} role="group" aria-label="Production days">
      <TextField {...field} label="From" value={range.from} onChange={(e) => onChange({ ...range, from: e.target.value })} />
      <TextField
        {...field}
        label="To"
        value={range.to}
        error={invalid}
        helperText={invalid ? 'To must be on or after From' : undefined}
        onChange={(e) => onChange({ ...range, to: e.target.value })}
      />
      {(range.from || range.to) && (
        <Button onClick={() => onChange({ from: '', to: '' })} disabled={disabled} sx={{ mt: 0.5 }}>
          All days
        </Button>
      )}
    </Stack>
  );
}
