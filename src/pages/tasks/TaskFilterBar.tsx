import { Stack, TextField } from '@mui/material';
import type { CrudFilter } from '@refinedev/core';
import { useList } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { TASK_PRIORITIES, TASK_STATUSES, type CrewOption } from '../../../resources/task';
import { FilterBar, FilterDayRange, FilterSelect, filterValue as find } from '../../components/FilterBar';
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
  return (
    <FilterBar
      label="Filter tasks"
      count={value.length}
      onClear={() => {
        setQ('');
        onChange([]);
      }}
    >
      <TextField size="small" label="Search" value={q} onChange={(e) => setQ(e.target.value)} sx={{ minWidth: 180 }} />
      {statuses && <FilterSelect label="Status" any="Any status" value={v.status} options={TASK_STATUSES} onChange={(status) => set({ status })} minWidth={140} />}
      <FilterSelect label="Priority" any="Any priority" value={v.priority} options={TASK_PRIORITIES} onChange={(priority) => set({ priority })} minWidth={130} />
      <Stack sx={{ minWidth: { md: 240 }, flex: { md: 1 } }}>
        <ProjectPicker size="small" value={v.projectId} onChange={(p) => set({ projectId: p?.id ?? null })} />
      </Stack>
      <FilterSelect
        label="Crew"
        any="Any crew"
        value={v.crewId}
        options={crews.result.data.map((c) => ({ value: String(c.id), label: c.name }))}
        onChange={(crewId) => set({ crewId })}
        minWidth={150}
        unknown={(id) => `Crew ${id}`}
      />
      <FilterDayRange labels={['Starts from', 'Starts until']} from={v.from} to={v.to} onChange={set} />
    </FilterBar>
  );
}
