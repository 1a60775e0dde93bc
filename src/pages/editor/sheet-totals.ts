import { e3ToQuantity, parseScaled } from '../../../resources/money';
import type { LayerItem, SheetCalibration } from '../../../resources/plan-takeoff';

const e3 = (v: string) => parseScaled(v, 3) ?? 0n;

export interface ItemTotal {
  itemId: number;
  budgetId: number;
  itemName: string;
  unit: string | null;
  color: string | null;
  planned: string;
  built: string;
  drawings: number;
}

/** Planned and built per catalog item and budget on the page, summed exactly (thousandths). */
export function itemTotals(items: LayerItem[]): ItemTotal[] {
  const rows = new Map<string, ItemTotal & { p: bigint; b: bigint }>();
  for (const item of items) {
    const key = `${item.budgetId}:${item.itemId}`;
    const row = rows.get(key) ?? { itemId: item.itemId, budgetId: item.budgetId, itemName: item.itemName, unit: item.unit, color: item.color, planned: '', built: '', drawings: 0, p: 0n, b: 0n };
    row.p += e3(item.quantity);
    row.b += e3(item.built);
    row.drawings += 1;
    rows.set(key, row);
  }
  return [...rows.values()]
    .map(({ p, b, ...row }) => ({ ...row, planned: e3ToQuantity(p), built: e3ToQuantity(b) }))
    .sort((a, b) => a.itemName.localeCompare(b.itemName));
}

/** The page's totals: quantities of different units do not add up, so there is one total per unit. */
export function unitTotals(rows: ItemTotal[]): Array<{ unit: string; planned: string; built: string }> {
  const byUnit = new Map<string, { p: bigint; b: bigint }>();
  for (const row of rows) {
    const unit = row.unit ?? 'each';
    const t = byUnit.get(unit) ?? { p: 0n, b: 0n };
    t.p += e3(row.planned);
    t.b += e3(row.built);
    byUnit.set(unit, t);
  }
  return [...byUnit.entries()].map(([unit, t]) => ({ unit, planned: e3ToQuantity(t.p), built: e3ToQuantity(t.b) }));
}

/** Built as a whole percent of planned; null when nothing is planned. */
export function builtPercent(planned: string, built: string): number | null {
  const p = e3(planned);
  return p === 0n ? null : Number((e3(built) * 100n) / p);
}

const trimPoints = (points: string) => String(Math.round(Number(points) * 100) / 100);

/** The page's scale as the sheet shows it. */
export function scaleText(calibration: SheetCalibration | undefined, pdfScaleFactor: string | null): string {
  if (calibration) return `Scale: ${trimPoints(calibration.points)} pt = ${calibration.distance} ${calibration.unit}`;
  if (pdfScaleFactor) return `Project scale 1:${pdfScaleFactor}`;
  return 'Not calibrated';
}
