import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/index.js';
import { nowIso } from '../../lib/json.js';

/** The unguessable budget half of an external review link. */
export const newPublicHash = () => randomBytes(24).toString('base64url');

/** Every project has one budget, made with it in the same transaction (a sub-project's is its own part's). */
export async function createBudgetFor(db: Executor, project: { id: number; company_id: number; is_single_part: number }): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('budgets')
    .values({
      project_id: project.id,
      company_id: project.company_id,
      status: 'draft',
      single_part: project.is_single_part,
      retainage_e3: 0,
      profitability_e3: 0,
      public_hash: newPublicHash(),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
