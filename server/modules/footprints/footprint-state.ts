import { canMoveRestoration, restorationLabel, type RestorationStatus } from '../../../resources/footprint.js';
import type { Executor } from '../../db/index.js';
import { conflict } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';

/**
 * The footprint's restoration state machine (resources/footprint.ts RESTORATION_MOVES): moves the
 * row read in `from` to `to` in the caller's transaction, conditional on that status, or 409.
 */
export async function moveRestoration(db: Executor, row: { id: number; restoration_status: string }, to: RestorationStatus): Promise<void> {
  const from = row.restoration_status as RestorationStatus;
  if (!canMoveRestoration(from, to)) {
    throw conflict(`A footprint that is ${restorationLabel(from).toLowerCase()} cannot become ${restorationLabel(to).toLowerCase()}`, 'ILLEGAL_TRANSITION');
  }
  const result = await db
    .updateTable('footprints')
    .set({ restoration_status: to, updated_at: nowIso() })
    .where('id', '=', row.id)
    .where('restoration_status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict('The footprint changed meanwhile: reload and try again', 'ILLEGAL_TRANSITION');
}
