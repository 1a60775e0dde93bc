import { addDays } from '../../../resources/calendar';
import type { FigureQuery, FigureRow, FigureSource } from '../../../resources/figures';
import { listAddress, type Condition } from '../../engine/filter-model';

/** The lists a figure's rows live in. */
const LISTS: Partial<Record<FigureSource, string>> = {
  production: '/productions',
  invoice: '/invoices',
  invoice_received: '/invoices',
  payment: '/invoices',
  task: '/tasks',
  damage: '/damages',
  locate: '/locates',
  log: '/logs',
};

export const hasRowList = (source: FigureSource) => LISTS[source] !== undefined;

/** The days a time group covers: the day, the week from its Monday, the month from its 1st. */
function daysOf(groupBy: FigureQuery['groupBy'], key: string): { from: string; to: string } | null {
  if (groupBy === 'day') return { from: key, to: key };
  if (groupBy === 'week') return { from: key, to: addDays(key, 6) };
  if (groupBy === 'month') return { from: key, to: addDays(`${addDays(key, 31).slice(0, 7)}-01`, -1) };
  return null;
}

const later = (a: string | undefined, b: string) => (a && a > b ? a : b);
const earlier = (a: string | undefined, b: string) => (a && a < b ? a : b);

/**
 * Where the rows behind a figure are listed: the question's list, and for production the productions
 * list narrowed by its bar to the question's project, crew, status and range, and to the group picked
 * (a project, crew, status, day, week or month). What the bar cannot say (an item, a category, a
 * client) is left out, so the list holds those rows among others. Null when the source has no list.
 */
export function rowsBehind(q: FigureQuery, row?: FigureRow): string | null {
  const list = LISTS[q.source];
  if (!list || q.source !== 'production') return list ?? null;
  const eq = (field: string) => {
    const value = q.filters.find((f) => f.field === field && f.operator === 'eq')?.value;
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  };
  let project = eq('project');
  let crew = eq('crew');
  let status = eq('status');
  let from = q.range?.from;
  let to = q.range?.to;
  if (row && row.key !== null) {
    if (q.groupBy === 'project') project = row.key;
    if (q.groupBy === 'crew') crew = row.key;
    if (q.groupBy === 'status') status = row.key;
    const days = daysOf(q.groupBy, String(row.key));
    if (days) {
      from = later(from, days.from);
      to = earlier(to, days.to);
    }
  }
  const conditions: Condition[] = [];
  if (status !== undefined) conditions.push({ field: 'status', op: 'equals', value: String(status) });
  if (project !== undefined) conditions.push({ field: 'projectId', op: 'equals', value: String(project) });
  if (crew !== undefined) conditions.push({ field: 'crewId', op: 'equals', value: String(crew) });
  if (from) conditions.push({ field: 'date', op: 'gte', value: from });
  if (to) conditions.push({ field: 'date', op: 'lte', value: to });
  return listAddress(list, conditions);
}
