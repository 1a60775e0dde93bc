import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { apiFetch } from '../api/http';
import type { Condition } from './filter-model';

/** What a saved view keeps of a grid: its filter bar's conditions, its sort and which columns show. */
export interface GridViewState {
  conditions: Condition[];
  /** The grid's one-column filter, in views saved before the filter bar (read as conditions). */
  filters?: CrudFilter[];
  sorters: CrudSort[];
  columns: GridColumnVisibilityModel;
  /** The filters of a bar above the grid (ListScope), when the page has one. */
  scope?: CrudFilter[];
}

export interface SavedView {
  id: number;
  type: string;
  name: string;
  filters: Partial<GridViewState>;
}

export const createView = (type: string, name: string, state: GridViewState) =>
  apiFetch<SavedView>('/users/me/views', { method: 'POST', body: { type, name, filters: state }, quiet: true });

export const updateView = (id: number, form: { name?: string; filters?: GridViewState }) =>
  apiFetch<SavedView>('/users/me/views', { method: 'PATCH', body: { view: id, form }, quiet: true });

export const deleteView = (id: number) => apiFetch('/users/me/views', { method: 'DELETE', body: { view: id }, quiet: true });

/** The last view used on each grid, so the next visit opens where the user left off. */
const lastViewKey = (type: string) => `fieldwork.view.${type}`;
export const rememberView = (type: string, id: number | null) =>
  id === null ? localStorage.removeItem(lastViewKey(type)) : localStorage.setItem(lastViewKey(type), String(id));
export const rememberedView = (type: string) => {
  const v = localStorage.getItem(lastViewKey(type));
  return v ? Number(v) : null;
};
