import FilterList from '@mui/icons-material/FilterList';
import { Button, Collapse, MenuItem, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import { useState, type ReactNode } from 'react';

/** The value of one list filter, as a saved view or the URL holds it. */
export const filterValue = (filters: CrudFilter[], field: string, operator: string) =>
  (filters as LogicalFilter[]).find((f) => f.field === field && f.operator === operator)?.value as string | number | undefined;

/**
 * The row of filters above a grid, with Clear filters while any is set. On a phone it folds under one
 * Filters button (with how many are set), so the rows show first.
 */
export function FilterBar({ label, count, onClear, children }: { label: string; count: number; onClear: () => void; children: ReactNode }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const bar = (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} role="search" aria-label={label} useFlexGap flexWrap="wrap" alignItems={{ md: 'center' }}>
      {children}
      {count > 0 && (
        <Button size="small" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Stack>
  );
  if (!phone) return bar;
  return (
    <Stack spacing={1.5}>
      <Button startIcon={<FilterList />} onClick={() => setOpen(!open)} aria-expanded={open} sx={{ alignSelf: 'flex-start' }}>
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      <Collapse in={open} unmountOnExit>
        {bar}
      </Collapse>
    </Stack>
  );
}

/**
 * One choice among options, or none (`any`, the empty value). A value not among the options (a saved
 * view's crew that is gone, say) stays chosen under `unknown`'s name.
 */
export function FilterSelect({
  label,
  any,
  value,
  options,
  onChange,
  minWidth,
  unknown,
}: {
  label: string;
  any: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  minWidth: number;
  unknown?: (value: string) => string;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth }}>
      <MenuItem value="">{any}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
      {unknown && value && !options.some((o) => o.value === value) && <MenuItem value={value}>{unknown(value)}</MenuItem>}
    </TextField>
  );
}

/** Two day fields side by side: the first and the last day of a range, either may be empty. */
export function FilterDayRange({
  labels,
  from,
  to,
  onChange,
}: {
  labels: [string, string];
  from: string;
  to: string;
  onChange: (change: { from: string } | { to: string }) => void;
}) {
  return (
    <Stack direction="row" spacing={1.5}>
      <TextField size="small" type="date" label={labels[0]} value={from} onChange={(e) => onChange({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1, minWidth: 150 }} />
      <TextField size="small" type="date" label={labels[1]} value={to} onChange={(e) => onChange({ to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1, minWidth: 150 }} />
    </Stack>
  );
}
