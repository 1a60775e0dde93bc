import { isCrewLeader } from '../../../permissions/index.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';

/** Whose rows a question reads: a company's, and of its crews only some (null: every crew). */
export interface FigureScope {
  companyId: number;
  crewIds: number[] | null;
}

/**
 * The viewer's scope in the active company: a crew leader sees the figures of the crews they are in
 * (as the productions they may record: productions/production-checks.ts recordableCrews), everyone
 * else the whole company's.
 */
export async function figureScopeFor(db: Executor, actor: Actor): Promise<FigureScope> {
  const active = actor.membership!;
  if (!isCrewLeader(actor.profile)) return { companyId: active.companyId, crewIds: null };
  const crews = await db
    .selectFrom('crews as c')
    .innerJoin('crew_members as cm', 'cm.crew_id', 'c.id')
    .select('c.id')
    .where('c.company_id', '=', active.companyId)
    .where('cm.membership_id', '=', active.id)
    .orderBy('c.id')
    .execute();
  return { companyId: active.companyId, crewIds: crews.map((c) => c.id) };
}
