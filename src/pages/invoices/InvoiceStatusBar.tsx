import { Button, Chip, Stack, Typography } from '@mui/material';
import type { CrudFilter } from '@refinedev/core';
import { DEFAULT_INVOICE_LIST_STATUSES, INVOICE_STATUSES, type InvoiceStatus } from '../../../resources/invoice';

/** The list's default scope (spec 02 §4): open invoices, paid and cancelled ones left out. */
export const DEFAULT_SCOPE: CrudFilter[] = [{ field: 'status', operator: 'in', value: [...DEFAULT_INVOICE_LIST_STATUSES] }];
const ALL = INVOICE_STATUSES.map((s) => s.value);

const statusesOf = (filters: CrudFilter[]): InvoiceStatus[] => {
  const f = filters.find((x) => 'field' in x && x.field === 'status');
  return f ? ((Array.isArray(f.value) ? f.value : [f.value]) as InvoiceStatus[]) : ALL;
};

/**
 * Which statuses the list shows, as toggles above the grid. The last one cannot be switched off (an
 * empty choice would read as every status); All statuses sends no filter at all.
 */
export function InvoiceStatusBar({ value, onChange }: { value: CrudFilter[]; onChange: (next: CrudFilter[]) => void }) {
  const chosen = new Set(statusesOf(value));
  const set = (next: InvoiceStatus[]) =>
    onChange(next.length === ALL.length ? [] : [{ field: 'status', operator: 'in', value: ALL.filter((s) => next.includes(s)) }]);
  const toggle = (status: InvoiceStatus) => {
    if (chosen.has(status)) {
      if (chosen.size > 1) set([...chosen].filter((s) => s !== status));
    } else set([...chosen, status]);
  };
  const isDefault = chosen.size === DEFAULT_INVOICE_LIST_STATUSES.length && DEFAULT_INVOICE_LIST_STATUSES.every((s) => chosen.has(s));
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" role="group" aria-label="Statuses shown">
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        Status
      </Typography>
      {INVOICE_STATUSES.map((s) => {
        const on = chosen.has(s.value);
        return (
          <Chip
            key={s.value}
            label={s.label}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => toggle(s.value)}
            aria-pressed={on}
            size="small"
          />
        );
      })}
      <Button size="small" onClick={() => onChange(DEFAULT_SCOPE)} disabled={isDefault}>
        Open only
      </Button>
      <Button size="small" onClick={() => set(ALL)} disabled={chosen.size === ALL.length}>
        All statuses
      </Button>
    </Stack>
  );
}
