import type { CrudFilter } from '@refinedev/core';
import { addDays } from '../../../resources/calendar';
import { filterValue as find } from '../../components/FilterBar';

/** The productions bar's values (status, project, crew, a range of days), read from and written to list filters the API takes. */
export interface ProductionScope {
  status: string;
  projectId: number | null;
  crewId: string;
  from: string;
  to: string;
}

// The API compares dates strictly (date_gt, date_lt): an inclusive range is the day before and the day after.
export function readProductionScope(filters: CrudFilter[]): ProductionScope {
  const after = find(filters, 'date', 'gt');
  const before = find(filters, 'date', 'lt');
  const project = find(filters, 'projectId', 'eq');
  return {
    status: String(find(filters, 'status', 'eq') ?? ''),
    projectId: project === undefined || project === '' ? null : Number(project),
    crewId: String(find(filters, 'crewId', 'eq') ?? ''),
    from: after ? addDays(String(after), 1) : '',
    to: before ? addDays(String(before), -1) : '',
  };
}

export function writeProductionScope(v: Partial<ProductionScope>): CrudFilter[] {
  const out: CrudFilter[] = [];
  if (v.status) out.push({ field: 'status', operator: 'eq', value: v.status });
  if (v.projectId !== null && v.projectId !== undefined) out.push({ field: 'projectId', operator: 'eq', value: v.projectId });
  if (v.crewId) out.push({ field: 'crewId', operator: 'eq', value: Number(v.crewId) });
  if (v.from) out.push({ field: 'date', operator: 'gt', value: addDays(v.from, -1) });
  if (v.to) out.push({ field: 'date', operator: 'lt', value: addDays(v.to, 1) });
  return out;
}
