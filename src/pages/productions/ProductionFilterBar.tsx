import { Stack } from '@mui/material';
import type { CrudFilter } from '@refinedev/core';
import { PRODUCTION_STATUSES } from '../../../resources/production';
import { FilterBar, FilterDayRange, FilterSelect } from '../../components/FilterBar';
import { ProjectPicker, useProductionCrews } from './production-pickers';
import { readProductionScope as read, writeProductionScope as write, type ProductionScope } from './production-scope';

/** Status, project, crew and a range of days above the productions grid; kept in saved views with the grid's own filter. */
export function ProductionFilterBar({ value, onChange }: { value: CrudFilter[]; onChange: (next: CrudFilter[]) => void }) {
  const v = read(value);
  const { crews } = useProductionCrews();
  const set = (change: Partial<ProductionScope>) => onChange(write({ ...v, ...change }));
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
