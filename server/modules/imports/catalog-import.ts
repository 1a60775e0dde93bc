import { CATALOG_IMPORT_COLUMNS, type ImportPreview, type ImportResult, type ImportRow } from '../../../resources/imports.js';
import type { Executor, Trx } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import type { ItemActor } from '../items/item-service.js';
import { refusedRowsError } from './budget-import.js';
import { catalogIndex, countRows, key, pick } from './catalog-index.js';
import { importColumns } from './import-upload.js';
import { cellAt, readText } from './columns.js';
import type { Sheet } from './sheet-read.js';

/**
 * The company's own catalog items from a sheet (code, name, unit, category). A row whose code (else
 * whose name) names one of the company's own items is 'matched' and updates that item's name, unit
 * and category with the cells that are filled (an empty cell leaves the field as it is); any other
 * row is 'new' and adds an item. The category is named, and must be one of the company's item
 * categories. Items carry no price, so a price column is not read (it is listed as ignored).
 */

interface CatalogRow extends ImportRow {
  categoryId: number | null;
}

const refused = (base: CatalogRow, reason: string): CatalogRow => ({ ...base, status: 'refused', reason, itemId: null, itemName: null });

async function categoryIndex(db: Executor, companyId: number) {
  const rows = await db.selectFrom('item_categories').select(['id', 'name']).where('company_id', '=', companyId).execute();
  const byName = new Map<string, number[]>();
  for (const r of rows) byName.set(key(r.name), [...(byName.get(key(r.name)) ?? []), r.id]);
  return byName;
}

async function matchRows(db: Executor, companyId: number, sheet: Sheet): Promise<{ rows: CatalogRow[]; ignored: string[] }> {
  const columns = importColumns(sheet, CATALOG_IMPORT_COLUMNS, ['name']);
  const catalog = await catalogIndex(db, companyId, true);
  const categories = await categoryIndex(db, companyId);
  const seen = new Map<string, number>();
  const rows = sheet.rows.map((r): CatalogRow => {
    const at = (c: keyof typeof columns.at) => cellAt(r.cells, columns.at[c]);
    const code = readText(at('code'), 'Code', 60);
    const name = readText(at('name'), 'Name', 160);
    const unit = readText(at('unit'), 'Unit', 40);
    const category = readText(at('category'), 'Category', 160);
    const base: CatalogRow = {
      row: r.row,
      status: 'matched',
      reason: null,
      code: code.ok ? code.value : null,
      name: name.ok ? name.value : null,
      unit: unit.ok ? unit.value : null,
      category: category.ok ? category.value : null,
      itemId: null,
      itemName: null,
      categoryId: null,
    };
    const problems = [code, name, unit, category].flatMap((x) => (x.ok ? [] : [x.message]));
    if (problems.length) return refused(base, problems.join('; '));
    if (!base.name) return refused(base, 'Name is required');
    if (base.category) {
      const ids = categories.get(key(base.category)) ?? [];
      if (ids.length !== 1) return refused(base, ids.length ? `Several categories are named "${base.category}"` : `No category is named "${base.category}": add it under Item Categories first`);
      base.categoryId = ids[0]!;
    }
    const rowKey = base.code ? `code:${key(base.code)}` : `name:${key(base.name)}`;
    const earlier = seen.get(rowKey);
    if (earlier !== undefined) return refused(base, `Repeats row ${earlier}`);
    seen.set(rowKey, r.row);
    const found = base.code ? pick(catalog.byCode.get(key(base.code))) : pick(catalog.byName.get(key(base.name)));
    if (found === 'several') return refused(base, `Several catalog items are named "${base.name}": give its code`);
    if (found) return { ...base, itemId: found.id, itemName: found.name };
    return { ...base, status: 'new', reason: null };
  });
  return { rows, ignored: columns.ignored };
}

const publicRow = ({ categoryId: _c, ...row }: CatalogRow): ImportRow => row;

/** POST /items/import/preview. */
export async function previewCatalogImport(services: Services, actor: ItemActor, sheet: Sheet): Promise<ImportPreview> {
  const { rows, ignored } = await matchRows(services.db, actor.companyId, sheet);
  return { rows: rows.map(publicRow), counts: countRows(rows), ignoredColumns: ignored };
}

/** A matched row's changes: only filled cells that differ. */
async function updateItem(trx: Trx, actor: ItemActor, row: CatalogRow, now: string): Promise<boolean> {
  const before = await trx.selectFrom('items').select(['name', 'unit', 'category_id']).where('id', '=', row.itemId!).executeTakeFirstOrThrow();
  const set: { name?: string; unit?: string; category_id?: number } = {};
  if (row.name && row.name !== before.name) set.name = row.name;
  if (row.unit && row.unit !== before.unit) set.unit = row.unit;
  if (row.categoryId !== null && row.categoryId !== before.category_id) set.category_id = row.categoryId;
  if (!Object.keys(set).length) return false;
  await trx.updateTable('items').set({ ...set, updated_at: now }).where('id', '=', row.itemId!).execute();
  await recordAudit(trx, actor, {
    entityType: 'item',
    entityId: row.itemId!,
    action: 'updated',
    before: { name: before.name, unit: before.unit, categoryId: before.category_id },
    after: { name: set.name ?? before.name, unit: set.unit ?? before.unit, categoryId: set.category_id ?? before.category_id },
  });
  return true;
}

/** POST /items/import: every row in one transaction, or none (refused rows refuse the file unless skipRefused). */
export async function commitCatalogImport(services: Services, actor: ItemActor, sheet: Sheet, skipRefused: boolean): Promise<ImportResult> {
  return services.db.transaction().execute(async (trx) => {
    const { rows } = await matchRows(trx, actor.companyId, sheet);
    const counts = countRows(rows);
    if (counts.refused && !skipRefused) throw refusedRowsError(rows.map(publicRow));
    const kept = rows.filter((r) => r.status !== 'refused');
    if (!kept.length) throw badRequest('The sheet has no row to import', [{ field: 'file', message: 'The sheet has no row to import' }]);
    const now = nowIso();
    let written = 0;
    let created = 0;
    for (const row of kept) {
      if (row.status === 'matched') {
        if (await updateItem(trx, actor, row, now)) written++;
        continue;
      }
      const { id } = await trx
        .insertInto('items')
        .values({ company_id: actor.companyId, partnership_id: null, name: row.name!, code: row.code, unit: row.unit, category_id: row.categoryId, production_is_allowed: 0, photos_number: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { entityType: 'item', entityId: id, action: 'created', after: { name: row.name, code: row.code, unit: row.unit, categoryId: row.categoryId, source: 'catalog import' } });
      created++;
    }
    return { counts, written, created, skipped: counts.refused };
  });
}
