import type { GridColDef } from '@mui/x-data-grid';
import type { ResourceDef, ResourceField } from '../../resources/engine';

const GRID_TYPES: Partial<Record<ResourceField['kind'], GridColDef['type']>> = {
  integer: 'number',
  decimal: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'dateTime',
  select: 'singleSelect',
};

/** A 'YYYY-MM-DD' date as that day at local midnight, so the grid shows the day named, not the UTC instant's local day. */
function calendarDay(value: string): Date {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/** Grid columns from a resource's fields; values stay as the API sends them. */
export function gridColumns(def: ResourceDef): GridColDef[] {
  return def.fields
    .filter((f) => f.grid !== false)
    .map((f): GridColDef => {
      const grid = f.grid || {};
      const type = GRID_TYPES[f.kind] ?? 'string';
      return {
        field: f.name,
        headerName: f.label,
        type,
        flex: grid.flex,
        width: grid.width ?? (grid.flex ? undefined : 160),
        minWidth: 120,
        sortable: !!f.sortable,
        // Filters live in the filter bar above the grid (FilterBar), on several columns at once.
        filterable: false,
        ...(f.options ? { valueOptions: f.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
        ...(type === 'date' || type === 'dateTime' ? { valueGetter: (value: string | null) => (value ? (f.kind === 'date' ? calendarDay(value) : new Date(value)) : null) } : {}),
        ...(f.kind === 'image'
          ? {
              minWidth: 64,
              renderCell: ({ value }) =>
                value ? <img src={String(value)} alt={f.label} loading="lazy" style={{ width: 32, height: 32, objectFit: 'contain', verticalAlign: 'middle' }} /> : null,
            }
          : {}),
        ...(f.format ? { valueFormatter: (value: unknown) => (value === null || value === undefined ? '' : f.format!(value)) } : {}),
        ...(f.reference?.display ? { valueGetter: (_value: unknown, row: Record<string, unknown>) => row[f.reference!.display!] ?? null } : {}),
        ...(f.kind === 'color'
          ? {
              renderCell: ({ value }) =>
                value ? (
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                    <span style={{ width: 14, height: 14, borderRadius: 3, background: String(value), border: '1px solid rgba(0,0,0,.2)' }} />
                    {String(value)}
                  </span>
                ) : null,
            }
          : {}),
      };
    });
}

export const hiddenByDefault = (def: ResourceDef) =>
  Object.fromEntries(def.fields.filter((f) => f.grid && f.grid.hidden).map((f) => [f.name, false]));
