import type { CrudFilter } from '@refinedev/core';

/**
 * A list opened with its bar's filters in the address (`?scope=` JSON), as a dashboard figure opens
 * the rows behind it: the link can be bookmarked and shared, and it wins over the remembered view.
 */
const PARAM = 'scope';
const OPERATORS = new Set(['eq', 'ne', 'lt', 'gt', 'lte', 'gte', 'in', 'contains']);

export const listAddress = (path: string, scope: CrudFilter[]) => (scope.length ? `${path}?${new URLSearchParams({ [PARAM]: JSON.stringify(scope) })}` : path);

/** The address's filters when they are well formed (field, operator, value each); null otherwise. */
export function scopeFromAddress(search: URLSearchParams): CrudFilter[] | null {
  const raw = search.get(PARAM);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    const valid =
      Array.isArray(parsed) &&
      parsed.every((f) => f && typeof f === 'object' && typeof f.field === 'string' && OPERATORS.has(f.operator) && ['string', 'number'].includes(typeof f.value));
    return valid ? (parsed as CrudFilter[]) : null;
  } catch {
    return null;
  }
}
