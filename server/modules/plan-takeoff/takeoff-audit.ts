import { quantityText, type LayerItem } from '../../../resources/plan-takeoff.js';
import type { Executor } from '../../db/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { SheetScope } from './sheet-scope.js';

/** What the trail keeps of a drawing (not its points: the sheet shows them). */
export const drawingSnapshot = (i: LayerItem) => ({
  layerItemId: i.id,
  fileId: i.fileId,
  pageNumber: i.pageNumber,
  itemName: i.itemName,
  kind: i.kind,
  quantity: i.quantity,
  quantityTyped: i.quantityTyped,
  corners: i.geometry.points.length,
  openings: i.geometry.openings?.length ?? 0,
});

/** Drawings are the budget's trail (the budget activity shows them), in the company that runs the project. */
export async function auditDrawing(db: Executor, scope: SheetScope, budgetId: number, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  await recordAudit(db, { userId: scope.access.userId, companyId: scope.access.companyId }, {
    entityType: 'budget',
    entityId: budgetId,
    action,
    before,
    after,
    companyId: scope.project.company_id,
  });
}

/** A calibration is the project's trail. */
export async function auditCalibration(db: Executor, scope: SheetScope, pageNumber: number, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  await recordAudit(db, { userId: scope.access.userId, companyId: scope.access.companyId }, {
    entityType: 'project',
    entityId: scope.project.id,
    action: 'sheet calibrated',
    before: before && { fileId: scope.file.id, pageNumber, ...before },
    after: after && { fileId: scope.file.id, pageNumber, ...after },
    companyId: scope.project.company_id,
  });
}

export const e3Text = (e3: number | bigint) => quantityText(BigInt(e3));
