import FilterList from '@mui/icons-material/FilterList';
import { Button, Collapse, MenuItem, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import { useList } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { TASK_PRIORITIES, TASK_STATUSES, type CrewOption } from '../../../resources/task';
import { ProjectPicker } from '../productions/production-pickers';

interface BarValues {
  q: string;
  status: string;
  priority: string;
  projectId: number | null;
  crewId: string;
  from: string;
  to: string;
}

const find = (filters: CrudFilter[], field: string, operator: string) =>
  (filters as LogicalFilter[]).find((f) => f.field === field && f.operator === operator)?.value as string | number | undefined;

function read(filters: CrudFilter[]): BarValues {
  const project = find(filters, 'projectId', 'eq');
  return {
    q: String(find(filters, 'q', 'eq') ?? ''),
    status: String(find(filters, 'status', 'eq') ?? ''),
    priority: String(find(filters, 'priority', 'eq') ?? ''),
    projectId: project === undefined || project === '' ? null : Number(project),
    crewId: String(find(filters, 'crewId', 'eq') ?? ''),
    from: String(find(filters, 'startDate', 'gte') ?? ''),
    to: String(find(filters, 'startDate', 'lte') ?? ''),
  };
}

function write(v: BarValues): CrudFilter[] {
  const out: CrudFilter[] = [];
  if (v.q.trim()) out.push({ field: 'q', operator: 'eq', value: v.q.trim() });
  if (v.status) out.push({ field: 'status', operator: 'eq', value: v.status });
  if (v.priority) out.push({ field: 'priority', operator: 'eq', value: v.priority });
  if (v.projectId !== null) out.push({ field: 'projectId', operator: 'eq', value: v.projectId });
  if (v.crewId) out.push({ field: 'crewId', operator: 'eq', value: Number(v.crewId) });
  if (v.from) out.push({ field: 'startDate', operator: 'gte', value: v.from });
  if (v.to) out.push({ field: 'startDate', operator: 'lte', value: v.to });
  return out;
}

/**
 * Search, status, priority, project, crew and a range of start days above the tasks grid and the
 * board (the board's columns are the statuses, so it leaves status out); kept in saved views.
 */
export function TaskFilterBar({ value, onChange, statuses = true }: { value: CrudFilter[]; onChange: (next: CrudFilter[]) => void; statuses?: boolean }) {
  const v = read(value);
  const crews = useList<CrewOption>({ resource: 'task-crews', meta: { path: '/tasks/crews', quiet: true }, pagination: { currentPage: 1, pageSize: 200 }, errorNotification: false });
  const set = (change: Partial<BarValues>) => onChange(write({ ...v, ...change }));
  // The search waits for a pause in typing.
  const [q, setQ] = useState(v.q);
  useEffect(() => {
    const timer = setTimeout(() => q !== v.q && set({ q }), 300);
    return () => clearTimeout(timer);
  });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const any = value.length > 0;
  const bar = (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} role="search" aria-label="Filter tasks" useFlexGap flexWrap="wrap" alignItems={{ md: 'center' }}>
      <TextField size="small" label="Search" value={q} onChange={(e) => setQ(e.target.value)} sx={{ minWidth: 180 }} />
      {statuses && (
        <TextField select size="small" label="Status" value={v.status} onChange={(e) => set({ status: e.target.value })} sx={{ minWidth: 140 }}>
          <MenuItem value="">Any status</MenuItem>
          {TASK_STATUSES.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField select size="small" label="Priority" value={v.priority} onChange={(e) => set({ priority: e.target.value })} sx={{ minWidth: 130 }}>
        <MenuItem value="">Any priority</MenuItem>
        {TASK_PRIORITIES.map((p) => (
          <MenuItem key={p.value} value={p.value}>
            {p.label}
          </MenuItem>
        ))}
      </TextField>
      <Stack sx={{ minWidth: { md: 240 }, flex: { md: 1 } }}>
        <ProjectPicker size="small" value={v.projectId} onChange={(p) => set({ projectId: p?.id ?? null })} />
      </Stack>
      <TextField select size="small" label="Crew" value={v.crewId} onChange={(e) => set({ crewId: e.target.value })} sx={{ minWidth: 150 }}>
        <MenuItem value="">Any crew</MenuItem>
        {crews.result.data.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.name}
          </MenuItem>
        ))}
        {v.crewId && !crews.result.data.some((c) => String(c.id) === v.crewId) && <MenuItem value={v.crewId}>Crew {v.crewId}</MenuItem>}
      </TextField>
      <Stack direction="row" spacing={1.5}>
        <TextField size="small" type="date" label="Starts from" value={v.from} onChange={(e) => set({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1, minWidth: 150 }} />
        <TextField size="small" type="date" label="Starts until" value={v.to} onChange={(e) => set({ to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1, minWidth: 150 }} />
      </Stack>
      {any && (
        <Button
          size="small"
          onClick={() => {
            setQ('');
            onChange([]);
          }}
        >
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
