import { z } from 'zod';
import { id } from './id.js';
import { decimalQuantityInput, e3ToQuantity } from './money.js';
import { text } from './text.js';

/**
 * Takeoff on plan sheets (issue 20): what is drawn on a page of a project's plan PDF, tied to a
 * catalog item (and, once added, its budget item), and the quantity that follows from the drawing
 * and the sheet's scale. The same code computes quantities on the client (while drawing) and on the
 * server (which stores them): geometry in PDF points with two decimals, lengths and areas in exact
 * integer arithmetic, quantities in integer thousandths rounded half up once.
 *
 * Coordinates are PDF points (1/72 in) of the page as pdf.js shows it at scale 1 (its viewport, the
 * page's own rotation applied), origin top left, y downwards.
 */

export const TAKEOFF_MESSAGES = {
  point: 'A point is two coordinates from 0 to 100,000 points',
  countPoints: 'A count needs from 1 to 10,000 symbols',
  linePoints: 'A line needs from 2 to 10,000 points',
  areaPoints: 'An area needs from 3 to 10,000 corners',
  openings: 'An area has at most 100 openings, each of 3 or more corners',
  selfIntersecting: 'An area must not cross itself',
  openingTooLarge: 'Openings must be smaller than the area they are cut from',
  zeroLength: 'A line must have a length',
  noScale: "Calibrate this sheet's scale, or set the project's PDF scale factor, before measuring lengths and areas",
  quantityRequired: 'This project asks for the quantity of each drawing: type it',
  unitMismatch: "This item's unit is not measured by this kind of drawing",
  scaleDistance: 'The known distance must be a positive number with at most 6 decimals',
  scaleUnit: 'Choose the unit of the known distance',
  page: 'Choose a page',
  version: 'This drawing was changed by someone else: reload it and try again',
} as const;

/** What a drawing measures: symbols counted, a polyline's length, or a polygon's area less its openings. */
export const DRAW_KINDS = ['count', 'line', 'area'] as const;
export type DrawKind = (typeof DRAW_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Exact arithmetic: rationals of BigInt, rounded once at the end.

export interface Rational {
  n: bigint;
  d: bigint;
}
const r = (n: bigint, d: bigint = 1n): Rational => (d < 0n ? { n: -n, d: -d } : { n, d });
const mul = (a: Rational, b: Rational) => r(a.n * b.n, a.d * b.d);
const div = (a: Rational, b: Rational) => r(a.n * b.d, a.d * b.n);

/** A rational as integer thousandths, rounded half away from zero. */
export function toE3(q: Rational): bigint {
  const n = q.n * 1000n;
  const sign = n < 0n ? -1n : 1n;
  const abs = n < 0n ? -n : n;
  return sign * ((abs * 2n + q.d) / (2n * q.d));
}

/** A non-negative decimal text ('12.5') as a rational; null when it is not one. */
export function parseDecimal(value: string): Rational | null {
  const m = /^(\d{1,12})(?:\.(\d{1,9}))?$/.exec(value.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  return r(BigInt(m[1]! + frac), 10n ** BigInt(frac.length));
}

/** ⌊√n⌋ for a non-negative BigInt (Newton's method). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt of a negative number');
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  // The float start is within a few units; settle it exactly.
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

// ---------------------------------------------------------------------------------------------
// Units: an item's unit text names a length, an area or a count.

const FOOT = r(3048n, 10000n);
const INCH = r(254n, 10000n);
const YARD = r(9144n, 10000n);
/** Metres per unit of length. */
export const LENGTH_UNITS: Record<string, Rational> = {
  ft: FOOT,
  lf: FOOT,
  feet: FOOT,
  foot: FOOT,
  in: INCH,
  inch: INCH,
  yd: YARD,
  mi: r(1609344n, 1000n),
  m: r(1n),
  lm: r(1n),
  meter: r(1n),
  metre: r(1n),
  km: r(1000n),
  cm: r(1n, 100n),
  mm: r(1n, 1000n),
};
/** Square metres per unit of area. */
export const AREA_UNITS: Record<string, Rational> = {
  sf: mul(FOOT, FOOT),
  sqft: mul(FOOT, FOOT),
  ft2: mul(FOOT, FOOT),
  sy: mul(YARD, YARD),
  sqyd: mul(YARD, YARD),
  yd2: mul(YARD, YARD),
  m2: r(1n),
  sqm: r(1n),
  ac: mul(r(43560n), mul(FOOT, FOOT)),
  acre: mul(r(43560n), mul(FOOT, FOOT)),
  ha: r(10000n),
  km2: r(1_000_000n),
};
/** The units a known distance may be given in, as the calibration dialog offers them. */
export const SCALE_UNITS = ['ft', 'in', 'yd', 'mi', 'm', 'cm', 'mm', 'km'] as const;
export type ScaleUnit = (typeof SCALE_UNITS)[number];

const normalUnit = (unit: string) => unit.trim().toLowerCase().replace(/²/g, '2').replace(/[.\s]/g, '');

/** What an item's unit measures, and how many metres (or square metres) one unit is. */
export function unitMeasure(unit: string | null): { kind: 'length'; metres: Rational } | { kind: 'area'; squareMetres: Rational } | { kind: 'count' } {
  const u = unit ? normalUnit(unit) : '';
  if (LENGTH_UNITS[u]) return { kind: 'length', metres: LENGTH_UNITS[u] };
  if (AREA_UNITS[u]) return { kind: 'area', squareMetres: AREA_UNITS[u] };
  return { kind: 'count' };
}

/** The drawing an item is measured with: its production type when it names one, else what its unit measures. */
export function drawKindOf(item: { productionItemType: string | null; unit: string | null }): DrawKind {
  if (item.productionItemType === 'linear') return 'line';
  if (item.productionItemType === 'area') return 'area';
  if (item.productionItemType === 'count') return 'count';
  const m = unitMeasure(item.unit);
  return m.kind === 'length' ? 'line' : m.kind === 'area' ? 'area' : 'count';
}

// ---------------------------------------------------------------------------------------------
// Geometry in PDF points, two decimals (hundredths) kept as integers for the arithmetic.

const MAX_COORD = 100_000;
const coordinate = z
  .number({ error: TAKEOFF_MESSAGES.point })
  .finite(TAKEOFF_MESSAGES.point)
  .min(0, TAKEOFF_MESSAGES.point)
  .max(MAX_COORD, TAKEOFF_MESSAGES.point)
  .transform((v) => Math.round(v * 100) / 100);
export const pointSchema = z.tuple([coordinate, coordinate], { error: TAKEOFF_MESSAGES.point });
export type Point = [number, number];
const ring = z.array(pointSchema, { error: TAKEOFF_MESSAGES.linePoints }).min(1, TAKEOFF_MESSAGES.countPoints).max(10_000, TAKEOFF_MESSAGES.linePoints);

/** A drawing: its points (symbols, a polyline's corners or a polygon's), and an area's openings. Per-kind rules: geometryProblem. */
export const geometrySchema = z.strictObject(
  {
    points: ring,
    openings: z.array(ring, { error: TAKEOFF_MESSAGES.openings }).max(100, TAKEOFF_MESSAGES.openings).optional(),
  },
  { error: 'Draw the item on the sheet' },
);
export type Geometry = { points: Point[]; openings?: Point[][] };

const hundredths = (v: number) => BigInt(Math.round(v * 100));

/** A polyline's length in units of 10⁻⁸ point: each segment ⌊√(dx² + dy²)⌋ in hundredths scaled by 10⁶, summed. */
export function polylineLengthE8(points: Point[]): bigint {
  let sum = 0n;
  for (let i = 1; i < points.length; i++) {
    const dx = hundredths(points[i]![0]) - hundredths(points[i - 1]![0]);
    const dy = hundredths(points[i]![1]) - hundredths(points[i - 1]![1]);
    sum += isqrt((dx * dx + dy * dy) * 1_000_000_000_000n);
  }
  return sum;
}

/** Twice a polygon's area in hundredths of a point squared (shoelace), exact and non-negative. */
export function twiceAreaH2(points: Point[]): bigint {
  let s = 0n;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    s += hundredths(x1) * hundredths(y2) - hundredths(x2) * hundredths(y1);
  }
  return s < 0n ? -s : s;
}

const orient = (a: Point, b: Point, c: Point) => {
  const v = (hundredths(b[0]) - hundredths(a[0])) * (hundredths(c[1]) - hundredths(a[1])) - (hundredths(b[1]) - hundredths(a[1])) * (hundredths(c[0]) - hundredths(a[0]));
  return v > 0n ? 1 : v < 0n ? -1 : 0;
};

/** Whether two edges of a closed ring that share no corner cross or touch (exact orientation tests). */
export function ringSelfIntersects(points: Point[]): boolean {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const c = points[j]!;
      const d = points[(j + 1) % n]!;
      const o1 = orient(a, b, c);
      const o2 = orient(a, b, d);
      const o3 = orient(c, d, a);
      const o4 = orient(c, d, b);
      if (o1 !== o2 && o3 !== o4) return true;
    }
  }
  return false;
}

/** The geometry's problem for its kind (a crossing area, openings as large as the area, a line of no length), or null. */
export function geometryProblem(kind: DrawKind, g: Geometry): string | null {
  if (kind !== 'area' && g.openings?.length) return TAKEOFF_MESSAGES.openings;
  if (kind === 'count') return null;
  if (kind === 'line') return g.points.length < 2 ? TAKEOFF_MESSAGES.linePoints : polylineLengthE8(g.points) === 0n ? TAKEOFF_MESSAGES.zeroLength : null;
  if (g.points.length < 3 || (g.openings ?? []).some((o) => o.length < 3)) return g.points.length < 3 ? TAKEOFF_MESSAGES.areaPoints : TAKEOFF_MESSAGES.openings;
  if (ringSelfIntersects(g.points) || (g.openings ?? []).some(ringSelfIntersects)) return TAKEOFF_MESSAGES.selfIntersecting;
  const holes = (g.openings ?? []).reduce((s, o) => s + twiceAreaH2(o), 0n);
  if (holes >= twiceAreaH2(g.points)) return TAKEOFF_MESSAGES.openingTooLarge;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Scale: metres of the world per PDF point of the sheet.

/** A sheet's calibration: a reference drawn `points` long is `distance` `unit`s in the world. */
export interface SheetScale {
  points: string;
  distance: string;
  unit: ScaleUnit;
}

/** One PDF point on paper, in metres (1/72 in). */
const POINT_METRES = r(254n, 720000n);

/**
 * Metres in the world per PDF point: from the sheet's calibration when it has one, else from the
 * project's `pdfScaleFactor` read as the drawing's ratio 1 : factor (a plan at 1 in = 40 ft is 480),
 * else null (lengths and areas cannot be measured).
 */
export function metresPerPoint(scale: SheetScale | null, pdfScaleFactor: string | null): Rational | null {
  if (scale) {
    const points = parseDecimal(scale.points);
    const distance = parseDecimal(scale.distance);
    if (points && distance && points.n > 0n && distance.n > 0n) return div(mul(distance, LENGTH_UNITS[scale.unit]!), points);
  }
  const factor = pdfScaleFactor ? parseDecimal(pdfScaleFactor) : null;
  return factor && factor.n > 0n ? mul(POINT_METRES, factor) : null;
}

/** The length of a reference line in points as calibration stores it: decimal text with 8 decimals. */
export function referencePoints(points: Point[]): string {
  const e8 = polylineLengthE8(points);
  const whole = e8 / 100_000_000n;
  const frac = (e8 % 100_000_000n).toString().padStart(8, '0');
  return `${whole}.${frac}`;
}

export type MeasureResult = { ok: true; quantityE3: bigint } | { ok: false; message: string };

/**
 * The quantity a drawing measures in its item's unit, in thousandths: the number of symbols for a
 * count; for a line or an area, its size at the sheet's scale converted to the unit.
 */
export function measure(kind: DrawKind, g: Geometry, unit: string | null, scale: Rational | null): MeasureResult {
  if (kind === 'count') return { ok: true, quantityE3: BigInt(g.points.length) * 1000n };
  const m = unitMeasure(unit);
  if (!scale) return { ok: false, message: TAKEOFF_MESSAGES.noScale };
  if (kind === 'line') {
    if (m.kind !== 'length') return { ok: false, message: TAKEOFF_MESSAGES.unitMismatch };
    const metres = mul(r(polylineLengthE8(g.points), 100_000_000n), scale);
    return { ok: true, quantityE3: toE3(div(metres, m.metres)) };
  }
  if (m.kind !== 'area') return { ok: false, message: TAKEOFF_MESSAGES.unitMismatch };
  const twice = twiceAreaH2(g.points) - (g.openings ?? []).reduce((s, o) => s + twiceAreaH2(o), 0n);
  const squarePoints = r(twice < 0n ? 0n : twice, 20_000n);
  const squareMetres = mul(squarePoints, mul(scale, scale));
  return { ok: true, quantityE3: toE3(div(squareMetres, m.squareMetres)) };
}

/** A quantity in thousandths as the API and the sheet show it ('12.5'). */
export const quantityText = (e3: bigint) => e3ToQuantity(e3);

// ---------------------------------------------------------------------------------------------
// The API (spec 02 §7 Files and editors, PDF version 4; issue 20).

const pageNumber = z.number({ error: TAKEOFF_MESSAGES.page }).int(TAKEOFF_MESSAGES.page).min(1, TAKEOFF_MESSAGES.page).max(10_000, TAKEOFF_MESSAGES.page);

/** A layer item: one drawing on one page of a plan file, for one catalog item in one budget. */
export interface LayerItem {
  id: number;
  fileId: number;
  pageNumber: number;
  budgetId: number;
  /** The catalog item drawn. */
  itemId: number;
  /** The budget item it was added to; null until the takeoff is added to the budget. */
  budgetItemId: number | null;
  itemName: string;
  itemCode: string | null;
  unit: string | null;
  color: string | null;
  iconUrl: string | null;
  kind: DrawKind;
  geometry: Geometry;
  /** Decimal text in the item's unit. */
  quantity: string;
  /** Typed by the person drawing (the project requires it), not measured. */
  quantityTyped: boolean;
  /** Approved production marked on this drawing, in the item's unit. */
  built: string;
  /** Bumped by every change; a change must name the version it was made on. */
  version: number;
  updatedBy: string | null;
  updatedAt: string;
}

/** What a crew marked as built on a layer item in one production. */
export interface PlanMark {
  id: number;
  productionId: number;
  productionStatus: string;
  productionDate: string;
  crewName: string;
  layerItemId: number;
  geometry: Geometry;
  quantity: string;
}

/** Where a quantity was measured: a drawing on a page of a plan file (production, invoice and budget review link to it). */
export interface PlanEvidence {
  fileId: number;
  pageNumber: number;
  layerItemId: number;
}

/**
 * A budget item's drawings (budget page and budget review): how many were added to it, and the first
 * of them when the reader can open it in the plan editor, which shows only the running company's plan
 * files; null for anyone else, who reads the count as text.
 */
export interface ItemDrawings {
  drawings: number;
  planEvidence: PlanEvidence | null;
}

/** A page's calibration as the sheet shows it. */
export interface SheetCalibration extends SheetScale {
  pageNumber: number;
  calibratedBy: string | null;
  calibratedAt: string;
}

/** GET /layerItems/{fileId} (optional pageNumber): the sheet's drawings, calibrations and production marks. */
export interface LayerItemsAnswer {
  fileId: number;
  projectId: number;
  fileName: string;
  pdfScaleFactor: string | null;
  requireQuantityOnPDFDraw: boolean;
  calibrations: SheetCalibration[];
  items: LayerItem[];
  marks: PlanMark[];
  /** Whether the caller may draw, calibrate and delete (budgets:edit on the project's company). */
  canEdit: boolean;
}

/**
 * GET /layerItems/{fileId}/file: the plan PDF itself for whoever may see its takeoff (a related
 * company's crew or reviewer too, whom the file manager would not show the project's files).
 */
export interface PlanFileAnswer {
  fileId: number;
  name: string;
  /** A signed link, good for an hour or two. */
  url: string;
}

/** POST /layerItems/{fileId}: a new drawing. `quantity` only when the project requires it typed. */
export const createLayerItemBody = z.strictObject({
  pageNumber,
  budgetId: id('Choose a budget'),
  itemId: id('Choose an item'),
  kind: z.enum(DRAW_KINDS, { error: 'Choose count, line or area' }),
  geometry: geometrySchema,
  quantity: decimalQuantityInput.optional(),
});
export type CreateLayerItemInput = z.output<typeof createLayerItemBody>;

/** PATCH /item/{fileId}/4: a drawing moved or reshaped, or its typed quantity changed. */
export const updateLayerItemBody = z.strictObject({
  itemId: id('Choose a drawing'),
  version: z.number({ error: TAKEOFF_MESSAGES.version }).int().min(1),
  geometry: geometrySchema.optional(),
  quantity: decimalQuantityInput.optional(),
});

/** DELETE /item/{fileId}/4?itemId=…: one drawing. */
export const deleteLayerItemQuery = z.strictObject({ itemId: z.coerce.number().pipe(id('Choose a drawing')) });

/** DELETE /items/{fileId}/4: every drawing of these budgets on one page (clearing layers). */
export const deleteLayerItemsBody = z.strictObject({
  budgetIds: z.array(id('Choose a budget'), { error: 'Choose the budgets to clear' }).min(1, 'Choose the budgets to clear').max(100),
  pageNumber,
});

/** PUT /layerItems/{fileId}/scale: a page's calibration from a reference line and its known distance; null distance clears it. */
export const sheetScaleBody = z.strictObject({
  pageNumber,
  reference: z.array(pointSchema).length(2, 'Draw the reference line between two points').nullable(),
  distance: text()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, TAKEOFF_MESSAGES.scaleDistance)
    .refine((v) => Number(v) > 0, TAKEOFF_MESSAGES.scaleDistance)
    .nullable(),
  unit: z.enum(SCALE_UNITS, { error: TAKEOFF_MESSAGES.scaleUnit }),
});

/** POST /layerItems/{fileId}/add-to-budget: the prompt-to-add-budget dialog's choice. */
export const addToBudgetBody = z.strictObject({
  budgetId: id('Choose a budget'),
  /** The catalog items whose measured totals become (or set the quantity of) budget items. */
  itemIds: z.array(id('Choose an item')).min(1, 'Choose the items to add').max(500),
});

/** One row of the prompt-to-add-budget dialog: a catalog item measured on the plan and what the budget holds of it. */
export interface TakeoffRow {
  itemId: number;
  itemName: string;
  itemCode: string | null;
  unit: string | null;
  /** Σ of the drawings' quantities on every page of the file, for this budget. */
  measured: string;
  drawings: number;
  budgetItemId: number | null;
  /** The budget item's quantity today, when there is one. */
  inBudget: string | null;
}

/** PATCH /production/{id}/pdf/items: what the crew marked as built on the plan, replacing the production's marks. */
export const productionPdfItemsBody = z.strictObject({
  marks: z
    .array(
      z.strictObject({
        layerItemId: id('Choose a drawing'),
        geometry: geometrySchema,
        quantity: decimalQuantityInput.optional(),
      }),
    )
    .max(1000),
});

/**
 * Live changes of a plan file's takeoff: a `live` socket event on `liveChannel(PLAN_SHEET_RESOURCE)`
 * whose `payload.ids` hold the file id, after any drawing, calibration, mark or add-to-budget on it
 * commits. An open editor refetches `GET /layerItems/{fileId}` when it sees its file's id, or when
 * `payload.ids` is empty: production marks (`PATCH /production/{id}/pdf/items`) name no file.
 */
export const PLAN_SHEET_RESOURCE = 'plan-sheets';
