import { MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import { EXPIRING_SOON_DAYS, LOCATE_STATUSES } from '../../../resources/locate';
import { shiftDay, todayIn } from '../productions/production-status';

type Window = 'all' | 'soon' | 'expired';

const find = (filters: CrudFilter[], field: string, operator: string) => (filters as LogicalFilter[]).find((f) => f.field === field && f.operator === operator)?.value;

/** The bar's filters as the API takes them: "expiring soon" and "expired" are ranges of expiresOn from the device's day, closed tickets left out. */
function write(window: Window, status: string): CrudFilter[] {
  const today = todayIn();
  const out: CrudFilter[] = [];
  if (window === 'soon') out.push({ field: 'expiresOn', operator: 'gte', value: today }, { field: 'expiresOn', operator: 'lte', value: shiftDay(today, EXPIRING_SOON_DAYS - 1) });
  if (window === 'expired') out.push({ field: 'expiresOn', operator: 'lt', value: today });
  if (window !== 'all') out.push({ field: 'status', operator: 'ne', value: 'closed' });
  if (status) out.push({ field: 'status', operator: 'eq', value: status });
  return out;
}

function read(filters: CrudFilter[]): { window: Window; status: string } {
  const window: Window = find(filters, 'expiresOn', 'lte') ? 'soon' : find(filters, 'expiresOn', 'lt') ? 'expired' : 'all';
  return { window, status: String(find(filters, 'status', 'eq') ?? '') };
}

/** All tickets, those expiring soon, or the expired ones, and a status; kept in saved views. */
export function LocateFilterBar({ value, onChange }: { value: CrudFilter[]; onChange: (next: CrudFilter[]) => void }) {
  const v = read(value);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} role="search" aria-label="Filter locates" alignItems={{ sm: 'center' }}>
      <ToggleButtonGroup size="small" exclusive value={v.window} onChange={(_e, next: Window | null) => next && onChange(write(next, v.status))} aria-label="Expiry">
        <ToggleButton value="all">All</ToggleButton>
        <ToggleButton value="soon">Expiring soon</ToggleButton>
        <ToggleButton value="expired">Expired</ToggleButton>
      </ToggleButtonGroup>
      <TextField select size="small" label="Status" value={v.status} onChange={(e) => onChange(write(v.window, e.target.value))} sx={{ minWidth: 150 }}>
        <MenuItem value="">Any status</MenuItem>
        {LOCATE_STATUSES.map((s) => (
          <MenuItem key={s.value} value={s.value}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
