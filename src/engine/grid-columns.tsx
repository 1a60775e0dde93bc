import {
  getGridBooleanOperators,
  getGridDateOperators,
  getGridNumericOperators,
  getGridSingleSelectOperators,
  getGridStringOperators,
  type GridColDef,
  type GridFilterInputValueProps,
  type GridFilterItem,
  type GridFilterOperator,
} from '@mui/x-data-grid';
import { fieldFilters, type FilterOperator, type ResourceDef, type ResourceField } from '../../resources/engine';

// The grid's operator names for each of our filters, per column type.
const STRING_OPS: Record<FilterOperator, string> = { contains: 'contains', startsWith: 'startsWith', endsWith: 'endsWith', equals: 'equals', gt: '', lt: '' };
const NUMBER_OPS: Record<FilterOperator, string> = { contains: '', startsWith: '', endsWith: '', equals: '=', gt: '>', lt: '<' };
const DATE_OPS: Record<FilterOperator, string> = { contains: '', startsWith: '', endsWith: '', equals: 'is', gt: 'after', lt: 'before' };

const dayInputs = new WeakMap<object, NonNullable<GridFilterOperator['InputComponent']>>();

/**
 * A date field's filter keeps the picked day as 'YYYY-MM-DD', as the field holds it and the API
 * compares it, rather than the UTC instant the grid makes of the day (which never equals a date).
 */
function asCalendarDay(op: GridFilterOperator): GridFilterOperator {
  const Input = op.InputComponent;
  if (!Input) return op;
  let DayInput = dayInputs.get(Input);
  if (!DayInput) {
    DayInput = (props: GridFilterInputValueProps) => (
      <Input {...props} applyValue={(item: GridFilterItem) => props.applyValue({ ...item, value: item.value instanceof Date ? item.value.toISOString().slice(0, 10) : item.value })} />
    );
    dayInputs.set(Input, DayInput);
  }
  return { ...op, InputComponent: DayInput };
}

function operatorsFor(field: ResourceField): GridFilterOperator[] {
  const wanted = fieldFilters(field);
  const pick = (all: GridFilterOperator[], names: Record<FilterOperator, string>) => {
    const allowed = new Set(wanted.map((w) => names[w]).filter(Boolean));
    return all.filter((op) => allowed.has(op.value));
  };
  switch (field.kind) {
    case 'integer':
    case 'decimal':
      return pick(getGridNumericOperators(), NUMBER_OPS);
    case 'date':
      return pick(getGridDateOperators(false), DATE_OPS).map(asCalendarDay);
    case 'datetime':
      return pick(getGridDateOperators(true), DATE_OPS);
    case 'boolean':
      return wanted.length ? getGridBooleanOperators() : [];
    case 'select':
      return wanted.length ? getGridSingleSelectOperators().filter((op) => op.value === 'is') : [];
    default:
      return pick(getGridStringOperators(), STRING_OPS);
  }
}

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
      const filterOperators = operatorsFor(f);
      return {
        field: f.name,
        headerName: f.label,
        type,
        flex: grid.flex,
        width: grid.width ?? (grid.flex ? undefined : 160),
        minWidth: 120,
        sortable: !!f.sortable,
        filterable: filterOperators.length > 0,
        filterOperators,
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
