import type { Executor } from '../../db/index.js';

/** A catalog item as the imports match it. */
export interface CatalogEntry {
  id: number;
  name: string;
  code: string | null;
  unit: string | null;
  categoryId: number | null;
  partnershipId: number | null;
}

export interface CatalogIndex {
  byCode: Map<string, CatalogEntry[]>;
  byName: Map<string, CatalogEntry[]>;
}

export const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

function push(map: Map<string, CatalogEntry[]>, k: string, e: CatalogEntry) {
  const list = map.get(k);
  if (list) list.push(e);
  else map.set(k, [e]);
}

/**
 * The company's catalog, read once per import (a catalog is thousands of rows at most, and one read
 * beats a query per sheet row), keyed by code and by name without case. `ownOnly` keeps the items
 * made for no partnership: the catalog import writes only those.
 */
export async function catalogIndex(db: Executor, companyId: number, ownOnly = false): Promise<CatalogIndex> {
  let q = db.selectFrom('items').select(['id', 'name', 'code', 'unit', 'category_id', 'partnership_id']).where('company_id', '=', companyId);
  if (ownOnly) q = q.where('partnership_id', 'is', null);
  const rows = await q.orderBy('id').execute();
  const index: CatalogIndex = { byCode: new Map(), byName: new Map() };
  for (const r of rows) {
    const entry = { id: r.id, name: r.name, code: r.code, unit: r.unit, categoryId: r.category_id, partnershipId: r.partnership_id };
    if (r.code) push(index.byCode, key(r.code), entry);
    push(index.byName, key(r.name), entry);
  }
  return index;
}

/**
 * The one item a code or name names: the company's own item first (items made for a partnership may
 * share a code with it), else the only one; null with a reason when none or several.
 */
export function pick(found: CatalogEntry[] | undefined): CatalogEntry | 'several' | null {
  if (!found?.length) return null;
  const own = found.filter((e) => e.partnershipId === null);
  if (own.length === 1) return own[0]!;
  if (own.length === 0 && found.length === 1) return found[0]!;
  return 'several';
}

export const countRows = <T extends { status: 'matched' | 'new' | 'refused' }>(rows: T[]) => ({
  total: rows.length,
  matched: rows.filter((r) => r.status === 'matched').length,
  new: rows.filter((r) => r.status === 'new').length,
  refused: rows.filter((r) => r.status === 'refused').length,
});
