import { holds } from '../../../permissions/index.js';
import { centsToMoney } from '../../../resources/money.js';
import { BUDGET_IMPORT_COLUMNS, type ImportPreview, type ImportResult, type ImportRow } from '../../../resources/imports.js';
import type { BudgetItemInput } from '../../../resources/budget.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { addBudgetItemsIn } from '../budgets/budget-item-service.js';
import type { BudgetParams } from '../budgets/budget-params.js';
import { assertEditable, lockBudget, managedBudget } from '../budgets/budget-scope.js';
import { catalogIndex, countRows, key, pick } from './catalog-index.js';
import { importColumns } from './import-upload.js';
import { cellAt, readPrice, readQuantity, readText } from './columns.js';
import type { Sheet } from './sheet-read.js';

/**
 * Budget items from a sheet (code or name, quantity, unit price, description). Each row is matched to
 * the catalog of the company that runs the project: by code when the row has one, else by name. A
 * row naming no catalog item is 'new' when the caller may add catalog items (items:manage): the import
 * then adds it to the catalog under that name and code; otherwise it is refused. Nothing is written
 * by the preview; the import writes every row in one transaction, or nothing.
 */

interface BudgetRow extends ImportRow {
  priceCents: bigint;
  /** A new row's catalog key: rows naming the same new item share one. */
  newKey: string | null;
}

const refused = (base: BudgetRow, reason: string): BudgetRow => ({ ...base, status: 'refused', reason });

/** The sheet's rows read and matched, in sheet order. */
async function matchRows(db: Executor, companyId: number, sheet: Sheet, canCreate: boolean): Promise<{ rows: BudgetRow[]; ignored: string[] }> {
  const columns = importColumns(sheet, BUDGET_IMPORT_COLUMNS, [['code', 'name'], 'quantity', 'price']);
  const catalog = await catalogIndex(db, companyId);
  const rows = sheet.rows.map((r): BudgetRow => {
    const at = (c: keyof typeof columns.at) => cellAt(r.cells, columns.at[c]);
    const code = readText(at('code'), 'Code', 60);
    const name = readText(at('name'), 'Name', 160);
    const quantity = readQuantity(at('quantity'), sheet.commaDecimal);
    const price = readPrice(at('price'), sheet.commaDecimal);
    const description = readText(at('description'), 'Description', 2000);
    const base: BudgetRow = {
      row: r.row,
      status: 'matched',
      reason: null,
      code: code.ok ? code.value : null,
      name: name.ok ? name.value : null,
      quantity: quantity.ok ? quantity.value : null,
      price: price.ok ? centsToMoney(price.value) : null,
      description: description.ok ? description.value : null,
      itemId: null,
      itemName: null,
      priceCents: price.ok ? price.value : 0n,
      newKey: null,
    };
    const problems = [code, name, quantity, price, description].flatMap((x) => (x.ok ? [] : [x.message]));
    if (problems.length) return refused(base, problems.join('; '));
    if (!base.code && !base.name) return refused(base, 'Give the item code or its name');
    const found = base.code ? pick(catalog.byCode.get(key(base.code))) : pick(catalog.byName.get(key(base.name!)));
    if (found === 'several') {
      return refused(base, base.code ? `Several catalog items have the code "${base.code}"` : `Several catalog items are named "${base.name}": give its code`);
    }
    if (found) return { ...base, itemId: found.id, itemName: found.name };
    if (!base.name) return refused(base, `No catalog item has the code "${base.code}": add a name to create it`);
    // A new code must not be taken by an item of another name (codes are unique in a catalog).
    if (!canCreate) return refused(base, `"${base.name}" is not in the catalog, and adding catalog items needs the items:manage permission`);
    return { ...base, status: 'new', reason: 'Added to the catalog', itemName: base.name, newKey: base.code ? `code:${key(base.code)}` : `name:${key(base.name)}` };
  });
  // Two new rows with one code but different names cannot both be that item.
  const namesByKey = new Map<string, string>();
  for (const row of rows) {
    if (!row.newKey) continue;
    const seen = namesByKey.get(row.newKey);
    if (seen === undefined) namesByKey.set(row.newKey, key(row.name!));
    else if (seen !== key(row.name!)) Object.assign(row, refused(row, `The code "${row.code}" is given to another new item above`), { newKey: null, itemName: null });
  }
  return { rows, ignored: columns.ignored };
}

const publicRow = ({ priceCents: _p, newKey: _k, ...row }: BudgetRow): ImportRow => row;

const canAddToCatalog = (actor: Actor) => holds(actor.profile, 'items:manage');

/** POST …/items/import/preview: the report, nothing written; 409 when the budget takes no items now. */
export async function previewBudgetImport(services: Services, actor: Actor, params: BudgetParams, sheet: Sheet): Promise<ImportPreview> {
  const scope = await managedBudget(services.db, actor, params);
  assertEditable(scope.budget);
  const { rows, ignored } = await matchRows(services.db, scope.budget.company_id, sheet, canAddToCatalog(actor));
  return { rows: rows.map(publicRow), counts: countRows(rows), ignoredColumns: ignored };
}

/** The refused rows as a 400's details, one per row, so the answer is the per-row report. */
export function refusedRowsError(rows: ImportRow[]) {
  const bad = rows.filter((r) => r.status === 'refused');
  return badRequest(
    `${bad.length} of ${rows.length} rows are refused: nothing was imported (fix them, or import without them)`,
    bad.map((r) => ({ field: `row ${r.row}`, message: r.reason ?? 'Refused' })),
  );
}

/** Adds the new rows' catalog items, one per key, and answers their ids by key. */
async function createCatalogItems(trx: Trx, actor: Actor, companyId: number, rows: BudgetRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const now = nowIso();
  for (const row of rows) {
    if (!row.newKey || ids.has(row.newKey)) continue;
    const { id } = await trx
      .insertInto('items')
      .values({ company_id: companyId, partnership_id: null, name: row.name!, code: row.code, production_is_allowed: 0, photos_number: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(row.newKey, id);
    await recordAudit(trx, { userId: actor.user.id, companyId }, { entityType: 'item', entityId: id, action: 'created', after: { name: row.name, code: row.code, source: 'budget import' } });
  }
  return ids;
}

/**
 * POST …/items/import: the same reading, again inside the transaction with the budget locked (the
 * catalog may have changed since the preview); any refused row refuses the file (400, the rows'
 * reasons as details) unless skipRefused, which leaves them out. All rows are added, or none.
 */
export async function commitBudgetImport(services: Services, actor: Actor, params: BudgetParams, sheet: Sheet, skipRefused: boolean): Promise<ImportResult> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await managedBudget(trx, actor, params);
    assertEditable(await lockBudget(trx, scope.budget.id));
    const { rows } = await matchRows(trx, scope.budget.company_id, sheet, canAddToCatalog(actor));
    const counts = countRows(rows);
    if (counts.refused && !skipRefused) throw refusedRowsError(rows.map(publicRow));
    const kept = rows.filter((r) => r.status !== 'refused');
    if (!kept.length) throw badRequest('The sheet has no row to import', [{ field: 'file', message: 'The sheet has no row to import' }]);
    const created = await createCatalogItems(trx, actor, scope.budget.company_id, kept);
    const items: BudgetItemInput[] = kept.map((r) => ({
      itemId: r.itemId ?? created.get(r.newKey!)!,
      reportWeight: false,
      quantity: r.quantity ?? 0,
      price: r.priceCents,
      description: r.description ?? null,
    }));
    const added = await addBudgetItemsIn(services, trx, scope, items);
    return { counts, written: added.length, created: created.size, skipped: counts.refused };
  });
}
