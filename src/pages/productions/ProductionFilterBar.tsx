import { Stack } from '@mui/material';
import type { CrudFilter } from '@refinedev/core';
import { PRODUCTION_STATUSES } from '../../../resources/production';
import { FilterBar, FilterDayRange, FilterSelect, filterValue as find } from '../../components/FilterBar';
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
  return (
    <FilterBar label="Filter productions" count={value.length} onClear={() => onChange([])}>
      <FilterSelect label="Status" any="Any status" value={v.status} options={PRODUCTION_STATUSES} onChange={(status) => set({ status })} minWidth={150} />
      <Stack sx={{ minWidth: { md: 260 }, flex: { md: 1 } }}>
        <ProjectPicker size="small" value={v.projectId} onChange={(p) => set({ projectId: p?.id ?? null })} />
      </Stack>
      <FilterSelect
        label="Crew"
        any="Any crew"
        value={v.crewId}
        options={crews.map((c) => ({ value: String(c.id), label: c.name }))}
        onChange={(crewId) => set({ crewId })}
        minWidth={170}
        unknown={(id) => `Crew ${id}`}
      />
      <FilterDayRange labels={['From', 'To']} from={v.from} to={v.to} onChange={set} />
    </FilterBar>
  );
}
