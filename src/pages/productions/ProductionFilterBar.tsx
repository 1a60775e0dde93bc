import FilterList from '@mui/icons-material/FilterList';
import { Button, Collapse, MenuItem, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import { PRODUCTION_STATUSES } from '../../../resources/production';
import { ProjectPicker, useProductionCrews } from './production-pickers';
import { shiftDay } from './production-status';

/** The bar's values, read from and written to list filters the API takes. */
interface BarValues {
  status: string;
  projectId: number | null;
  crewId: string;
  from: string;
  to: string;
}

const find = (filters: CrudFilter[], field: string, operator: string) =>
  (filters as LogicalFilter[]).find((f) => f.field === field && f.operator === operator)?.value as string | number | undefined;

// The API compares dates strictly (date_gt, date_lt): an inclusive range is the day before and the day after.
function read(filters: CrudFilter[]): BarValues {
  const after = find(filters, 'date', 'gt');
  const before = find(filters, 'date', 'lt');
  const project = find(filters, 'projectId', 'eq');
  return {
    status: String(find(filters, 'status', 'eq') ?? ''),
    projectId: project === undefined || project === '' ? null : Number(project),
    crewId: String(find(filters, 'crewId', 'eq') ?? ''),
    from: after ? shiftDay(String(after), 1) : '',
    to: before ? shiftDay(String(before), -1) : '',
  };
}

function write(v: BarValues): CrudFilter[] {
  const out: CrudFilter[] = [];
  if (v.status) out.push({ field: 'status', operator: 'eq', value: v.status });
  if (v.projectId !== null) out.push({ field: 'projectId', operator: 'eq', value: v.projectId });
  if (v.crewId) out.push({ field: 'crewId', operator: 'eq', value: Number(v.crewId) });
  if (v.from) out.push({ field: 'date', operator: 'gt', value: shiftDay(v.from, -1) });
  if (v.to) out.push({ field: 'date', operator: 'lt', value: shiftDay(v.to, 1) });
  return out;
}

/** Status, project, crew and a range of days above the productions grid; kept in saved views with the grid's own filter. */
export function ProductionFilterBar({ value, onChange }: { value: CrudFilter[]; onChange: (next: CrudFilter[]) => void }) {
  const v = read(value);
  const { crews } = useProductionCrews();
  const set = (change: Partial<BarValues>) => onChange(write({ ...v, ...change }));
  const any = value.length > 0;
  // On a phone the bar folds under one button, so the rows show first.
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const bar = (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} role="search" aria-label="Filter productions" useFlexGap flexWrap="wrap" alignItems={{ md: 'center' }}>
      <TextField select size="small" label="Status" value={v.status} onChange={(e) => set({ status: e.target.value })} sx={{ minWidth: 150 }}>
        <MenuItem value="">Any status</MenuItem>
        {PRODUCTION_STATUSES.map((s) => (
          <MenuItem key={s.value} value={s.value}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
      <Stack sx={{ minWidth: { md: 260 }, flex: { md: 1 } }}>
        <ProjectPicker size="small" value={v.projectId} onChange={(p) => set({ projectId: p?.id ?? null })} />
      </Stack>
      <TextField select size="small" label="Crew" value={v.crewId} onChange={(e) => set({ crewId: e.target.value })} sx={{ minWidth: 170 }}>
        <MenuItem value="">Any crew</MenuItem>
        {crews.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.name}
          </MenuItem>
        ))}
        {v.crewId && !crews.some((c) => String(c.id) === v.crewId) && <MenuItem value={v.crewId}>Crew {v.crewId}</MenuItem>}
      </TextField>
      <Stack direction="row" spacing={1.5}>
        <TextField size="small" type="date" label="From" value={v.from} onChange={(e) => set({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1, minWidth: 150 }} />
        <TextField size="small" type="date" label="To" value={v.to} onChange={(e) => set({ to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1, minWidth: 150 }} />
      </Stack>
      {any && (
        <Button size="small" onClick={() => onChange([])}>
          Clear filters
        </Button>
      )}
    </Stack>
  );
  if (!phone) return bar;
  return (
    <Stack spacing={1.5}>
      <Button startIcon={<FilterList />} onClick={() => setOpen(!open)} aria-expanded={open} sx={{ alignSelf: 'flex-start' }}>
        {any ? `Filters (${value.length})` : 'Filters'}
      </Button>
      <Collapse in={open} unmountOnExit>
        {bar}
      </Collapse>
    </Stack>
  );
}
