import { canMoveDamage, damageStatusLabel, type DamageStatus } from '../../../resources/damage.js';
import type { Executor } from '../../db/index.js';
import { conflict } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';

/**
 * The damage's one state machine (resources/damage.ts DAMAGE_MOVES): moves the damage read in
 * `from` to `to` inside the caller's transaction, or answers 409 and changes nothing. The write is
 * conditional on the status read, so of two concurrent moves only one passes.
 */
export async function moveDamage(db: Executor, row: { id: number; status: string }, to: DamageStatus): Promise<void> {
  const from = row.status as DamageStatus;
  if (!canMoveDamage(from, to)) {
    throw conflict(`A damage that is ${damageStatusLabel(from).toLowerCase()} cannot become ${damageStatusLabel(to).toLowerCase()}`, 'ILLEGAL_TRANSITION');
  }
  const result = await db.updateTable('damages').set({ status: to, updated_at: nowIso() }).where('id', '=', row.id).where('status', '=', from).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict('The damage changed meanwhile: reload and try again', 'ILLEGAL_TRANSITION');
}
