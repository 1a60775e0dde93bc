import { currentDialect } from '../../db/dialect-context.js';
import type { Executor } from '../../db/index.js';
import type { DamagesTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';

export type DamageRow = Omit<DamagesTable, 'id'> & { id: number };

/**
 * A damage of the acting company, or 404: another company's damages are the same 404 as one that
 * does not exist. `lock` holds the row for the rest of the transaction on PostgreSQL (SQLite runs
 * one writer at a time), so two changes of one damage never pass each other.
 */
export async function damageOf(db: Executor, actor: Actor, id: number, lock = false): Promise<DamageRow> {
  const companyId = actor.membership?.companyId;
  if (!companyId) throw notFound('Damage');
  let q = db.selectFrom('damages').selectAll().where('id', '=', id).where('company_id', '=', companyId);
  if (lock && currentDialect() === 'postgres') q = q.forUpdate();
  const row = (await q.executeTakeFirst()) as DamageRow | undefined;
  if (!row) throw notFound('Damage');
  return row;
}
