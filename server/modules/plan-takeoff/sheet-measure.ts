import { drawKindOf, geometryProblem, measure, metresPerPoint, TAKEOFF_MESSAGES, type DrawKind, type Geometry, type Rational, type ScaleUnit } from '../../../resources/plan-takeoff.js';
import type { Executor } from '../../db/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ProjectRow } from '../projects/project-access.js';

export const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

/** Metres per PDF point on a page: its calibration, else the project's pdfScaleFactor (ratio 1 : factor), else null. */
export async function pageScale(db: Executor, project: Pick<ProjectRow, 'pdf_scale_factor'>, fileId: number, pageNumber: number): Promise<Rational | null> {
  const sheet = await db
    .selectFrom('plan_sheets')
    .select(['scale_points', 'scale_distance', 'scale_unit'])
    .where('file_id', '=', fileId)
    .where('page_number', '=', pageNumber)
    .executeTakeFirst();
  const calibrated = sheet?.scale_points && sheet.scale_distance && sheet.scale_unit ? { points: sheet.scale_points, distance: sheet.scale_distance, unit: sheet.scale_unit as ScaleUnit } : null;
  return metresPerPoint(calibrated, project.pdf_scale_factor);
}

export interface Quantity {
  quantityE3: bigint;
  typed: boolean;
}

/**
 * A drawing's quantity in its item's unit: typed when the project requires it (400 when missing),
 * else measured from the geometry at the page's scale. The geometry must suit its kind (400 with the
 * contract's message) and `field` names the place of the geometry in the body.
 */
export function drawingQuantity(
  project: Pick<ProjectRow, 'require_quantity_on_pdf_draw'>,
  kind: DrawKind,
  geometry: Geometry,
  unit: string | null,
  scale: Rational | null,
  typed: bigint | undefined,
  field = 'geometry',
): Quantity {
  const problem = geometryProblem(kind, geometry);
  if (problem) throw fieldError(field, problem);
  if (project.require_quantity_on_pdf_draw === 1) {
    if (typed === undefined) throw fieldError('quantity', TAKEOFF_MESSAGES.quantityRequired);
    return { quantityE3: typed, typed: true };
  }
  const measured = measure(kind, geometry, unit, scale);
  if (!measured.ok) throw fieldError(field, measured.message);
  return { quantityE3: measured.quantityE3, typed: false };
}

/** The catalog item drawn, of the company that runs the project (404 otherwise), and the kind it is drawn with. */
export async function drawnItem(db: Executor, companyId: number, itemId: number) {
  const item = await db.selectFrom('items').select(['id', 'name', 'unit', 'production_item_type']).where('id', '=', itemId).where('company_id', '=', companyId).executeTakeFirst();
  if (!item) throw notFound('Item');
  return { ...item, kind: drawKindOf({ productionItemType: item.production_item_type, unit: item.unit }) };
}
