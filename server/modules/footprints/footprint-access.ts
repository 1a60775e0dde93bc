import { currentDialect } from '../../db/dialect-context.js';
import type { Executor } from '../../db/index.js';
import type { FootprintsTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';

export type FootprintRowDb = Omit<FootprintsTable, 'id'> & { id: number };

/** A footprint of the acting company, or 404 (another company's is the same 404 as none); `lock` holds the row on PostgreSQL. */
export async function footprintOf(db: Executor, actor: Actor, id: number, lock = false): Promise<FootprintRowDb> {
  const companyId = actor.membership?.companyId;
  if (!companyId) throw notFound('Footprint');
  let q = db.selectFrom('footprints').selectAll().where('id', '=', id).where('company_id', '=', companyId);
  if (lock && currentDialect() === 'postgres') q = q.forUpdate();
  const row = (await q.executeTakeFirst()) as FootprintRowDb | undefined;
  if (!row) throw notFound('Footprint');
  return row;
}
