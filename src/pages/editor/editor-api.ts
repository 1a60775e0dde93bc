import type { Budget } from '../../../resources/budget';
import type { Item } from '../../../resources/items';
import type { Geometry, LayerItem, LayerItemsAnswer, PlanFileAnswer, ScaleUnit, TakeoffRow, Point, DrawKind } from '../../../resources/plan-takeoff';
import { apiFetch } from '../../api/http';

/** The plan takeoff calls of one file (resources/plan-takeoff.ts names them; PDF version 4). */
export const sheetApi = (fileId: number) => ({
  load: (pageNumber: number) => apiFetch<LayerItemsAnswer>(`/layerItems/${fileId}?pageNumber=${pageNumber}`, { quiet: true }).then((r) => r.data),
  create: (body: { pageNumber: number; budgetId: number; itemId: number; kind: DrawKind; geometry: Geometry; quantity?: string }) =>
    apiFetch<LayerItem>(`/layerItems/${fileId}`, { method: 'POST', body, quiet: true }).then((r) => r.data),
  update: (body: { itemId: number; version: number; geometry?: Geometry; quantity?: string }) =>
    apiFetch<LayerItem>(`/item/${fileId}/4`, { method: 'PATCH', body, quiet: true }).then((r) => r.data),
  remove: (itemId: number) => apiFetch(`/item/${fileId}/4?itemId=${itemId}`, { method: 'DELETE', quiet: true }),
  clear: (budgetIds: number[], pageNumber: number) => apiFetch(`/items/${fileId}/4`, { method: 'DELETE', body: { budgetIds, pageNumber }, quiet: true }),
  scale: (body: { pageNumber: number; reference: [Point, Point] | null; distance: string | null; unit: ScaleUnit }) =>
    apiFetch(`/layerItems/${fileId}/scale`, { method: 'PUT', body, quiet: true }),
  takeoff: (budgetId: number) => apiFetch<TakeoffRow[]>(`/layerItems/${fileId}/takeoff?budgetId=${budgetId}`, { quiet: true }).then((r) => r.data),
  addToBudget: (budgetId: number, itemIds: number[]) =>
    apiFetch(`/layerItems/${fileId}/add-to-budget`, { method: 'POST', body: { budgetId, itemIds }, quiet: true }),
});
export type SheetApi = ReturnType<typeof sheetApi>;

/** The plan PDF itself, through the sheet's access (a related company's crew may open it). */
export const loadPlanFile = (fileId: number) => apiFetch<PlanFileAnswer>(`/layerItems/${fileId}/file`, { quiet: true }).then((r) => r.data);

/** The project's budgets, as the budget screens list them. */
export const loadBudgets = (projectId: number) =>
  apiFetch<Budget[]>(`/budgets?projectId=${projectId}&_start=0&_end=100&_sort=id&_order=asc`, { quiet: true }).then((r) => r.data);

/** Catalog items matching a search, for the item picker. */
export const searchItems = (q: string) =>
  apiFetch<Item[]>(`/items?_start=0&_end=50&_sort=name&_order=asc${q ? `&q=${encodeURIComponent(q)}` : ''}`, { quiet: true }).then((r) => r.data);
