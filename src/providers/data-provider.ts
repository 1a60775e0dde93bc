import type { CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import { API_URL, apiFetch } from '../api/http';

/** Refine's filter operators as the API's json-server query suffixes (DESIGN.md, Lists). */
const OPERATOR_SUFFIX: Record<string, string> = {
  eq: '',
  ne: '_ne',
  lt: '_lt',
  gt: '_gt',
  lte: '_lte',
  gte: '_gte',
  contains: '_like',
  startswith: '_startsWith',
  endswith: '_endsWith',
  in: '',
};

export function filtersToQuery(filters: CrudFilter[] = [], query = new URLSearchParams()): URLSearchParams {
  for (const filter of filters) {
    if (!('field' in filter)) {
      throw new Error(`Filter operator "${filter.operator}" is not supported by the API`);
    }
    if (filter.value === undefined || filter.value === null || filter.value === '') continue;
    const suffix = OPERATOR_SUFFIX[filter.operator];
    if (suffix === undefined) throw new Error(`Filter operator "${filter.operator}" is not supported by the API`);
    const values = Array.isArray(filter.value) ? filter.value : [filter.value];
    for (const v of values) query.append(`${filter.field}${suffix}`, v instanceof Date ? v.toISOString() : String(v));
  }
  return query;
}

export function sortersToQuery(sorters: CrudSort[] = [], query = new URLSearchParams()): URLSearchParams {
  if (sorters.length) {
    query.set('_sort', sorters.map((s) => s.field).join(','));
    query.set('_order', sorters.map((s) => s.order).join(','));
  }
  return query;
}

/**
 * meta.quiet: the caller shows a failed mutation itself (a form's inline error), or a list it reads is
 * optional (a picker's choices), so no error dialog.
 *
 * A resource's API paths: meta.path (or the resource name) for the collection, meta.itemPath with
 * :id for one row when the spec puts rows elsewhere ('/companies/7/task-types' but '/task-types/:id').
 */
function resourcePath(resource: string, meta?: Record<string, any>): string {
  const path: string = meta?.path ?? resource;
  return `/${path.replace(/^\/+/, '')}`;
}

function itemPath(resource: string, id: string | number, meta?: Record<string, any>): string {
  if (meta?.itemPath) return `/${String(meta.itemPath).replace(/^\/+/, '').replace(':id', encodeURIComponent(String(id)))}`;
  return `${resourcePath(resource, meta)}/${encodeURIComponent(String(id))}`;
}

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export const dataProvider: DataProvider = {
  getApiUrl: () => API_URL,

  getList: async ({ resource, pagination, sorters, filters, meta }) => {
    const query = new URLSearchParams();
    if (pagination?.mode !== 'off') {
      const page = pagination?.currentPage ?? 1;
      const size = pagination?.pageSize ?? 25;
      query.set('_start', String((page - 1) * size));
      query.set('_end', String(page * size));
    }
    sortersToQuery(sorters, query);
    // meta.scope: filters a page holds outside the filter bar (ListScope); meta.params: the filter bar's conditions, already in the API's form.
    // Refine also puts the page address's parameters in meta: a `scope` or `params` there is text, never these.
    filtersToQuery([...listOf<CrudFilter>(meta?.scope), ...(filters ?? [])], query);
    for (const [key, value] of listOf<[string, string]>(meta?.params)) query.append(key, value);
    const { data, headers } = await apiFetch<any[]>(`${resourcePath(resource, meta)}?${query}`, { quiet: !!meta?.quiet });
    return { data, total: Number(headers.get('x-total-count') ?? data.length) };
  },

  getMany: async ({ resource, ids, meta }) => {
    const query = new URLSearchParams();
    ids.forEach((id) => query.append('id', String(id)));
    const { data } = await apiFetch<any[]>(`${resourcePath(resource, meta)}?${query}`);
    return { data };
  },

  getOne: async ({ resource, id, meta }) => {
    const { data } = await apiFetch<any>(itemPath(resource, id, meta));
    return { data };
  },

  create: async ({ resource, variables, meta }) => {
    const { data } = await apiFetch<any>(resourcePath(resource, meta), { method: 'POST', body: variables, quiet: !!meta?.quiet });
    return { data };
  },

  update: async ({ resource, id, variables, meta }) => {
    const { data } = await apiFetch<any>(itemPath(resource, id, meta), { method: 'PATCH', body: variables, quiet: !!meta?.quiet });
    return { data };
  },

  deleteOne: async ({ resource, id, meta }) => {
    await apiFetch(itemPath(resource, id, meta), { method: 'DELETE', quiet: !!meta?.quiet });
    return { data: { id } as any };
  },

  custom: async ({ url, method, payload, query, headers }) => {
    const qs = query ? `?${new URLSearchParams(query as Record<string, string>)}` : '';
    const { data } = await apiFetch<any>(`${url}${qs}`, { method: method.toUpperCase(), body: payload, headers });
    return { data };
  },
};
