import { isCrewLeader, roleIs } from '../../../permissions/index.js';
import { PRODUCTION_MESSAGES, type ProductionItemInput } from '../../../resources/production.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';

export const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

export const TASK_MESSAGE = 'Choose a task of this project';
export const TASK_REQUIRED = 'This project records production by task: choose one';

/**
 * A production's task must be one of the producing company's tasks on the same project (400
 * otherwise); a project with taskBasedProduction needs one.
 */
export async function assertTask(db: Executor, project: { id: number; task_based_production: number }, companyId: number, taskId: number | null | undefined) {
  if (taskId === null || taskId === undefined) {
    if (project.task_based_production) throw fieldError('taskId', TASK_REQUIRED);
    return;
  }
  const task = await db.selectFrom('tasks').select('id').where('id', '=', taskId).where('project_id', '=', project.id).where('company_id', '=', companyId).executeTakeFirst();
  if (!task) throw fieldError('taskId', TASK_MESSAGE);
}

/**
 * The crews the acting person may record production for: the acting company's crews; a crew leader's
 * only the crews they are in (they record their own crew's day). A Crew-role member records nothing
 * but is answered the crews they are in, whose productions their phone lists.
 */
export function recordableCrews(db: Executor, actor: Actor) {
  const active = actor.membership!;
  let q = db.selectFrom('crews as c').select(['c.id', 'c.name', 'c.company_id']).where('c.company_id', '=', active.companyId);
  if (isCrewLeader(actor.profile) || roleIs(actor.profile, 'Crew')) {
    q = q.where((eb) => eb.exists(eb.selectFrom('crew_members as cm').select('cm.crew_id').whereRef('cm.crew_id', '=', 'c.id').where('cm.membership_id', '=', active.id)));
  }
  return q;
}

async function existing(ids: number[], find: (chunk: number[]) => Promise<number[]>) {
  const found = new Set<number>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) for (const id of await find(unique.slice(i, i + 500))) found.add(id);
  return found;
}

/** Every id must be an item of the project's budget; the first that is not is a 400 naming its field. */
export async function assertBudgetItems(db: Executor, projectId: number, ids: number[], fieldOf: (index: number) => string) {
  const found = await existing(ids, async (chunk) =>
    (
      await db
        .selectFrom('budget_items as bi')
        .innerJoin('budgets as b', 'b.id', 'bi.budget_id')
        .select('bi.id')
        .where('b.project_id', '=', projectId)
        .where('bi.id', 'in', chunk)
        .execute()
    ).map((r) => r.id),
  );
  const bad = ids.findIndex((id) => !found.has(id));
  if (bad >= 0) throw fieldError(fieldOf(bad), PRODUCTION_MESSAGES.budgetItem);
}

export const STATION_MESSAGE = 'Choose a station of the project';

/** Every id must be a station of the project. */
export async function assertStations(db: Executor, projectId: number, ids: Array<number | null>, fieldOf: (index: number) => string) {
  const wanted = ids.filter((id): id is number => id !== null);
  if (!wanted.length) return;
  const found = await existing(wanted, async (chunk) =>
    (await db.selectFrom('project_stations').select('id').where('project_id', '=', projectId).where('id', 'in', chunk).execute()).map((r) => r.id),
  );
  const bad = ids.findIndex((id) => id !== null && !found.has(id));
  if (bad >= 0) throw fieldError(fieldOf(bad), STATION_MESSAGE);
}

/** Checks a list of new items against the project (budget items, stations). */
export async function assertItems(db: Executor, projectId: number, items: ProductionItemInput[], path = 'items') {
  await assertBudgetItems(db, projectId, items.map((i) => i.budgetItemId), (i) => `${path}.${i}.budgetItemId`);
  await assertStations(db, projectId, items.map((i) => i.stationId), (i) => `${path}.${i}.stationId`);
}

/** Inserts items of a production (in chunks under SQLite's bound-parameter limit); answers their ids in order. */
export async function insertItems(db: Executor, productionId: number, items: Array<ProductionItemInput & { source?: 'manual' | 'pdf' }>, userId: number): Promise<number[]> {
  const now = nowIso();
  const ids: number[] = [];
  for (let i = 0; i < items.length; i += 200) {
    const rows = await db
      .insertInto('production_items')
      .values(
        items.slice(i, i + 200).map((item) => ({
          production_id: productionId,
          budget_item_id: item.budgetItemId,
          quantity_e3: Number(item.quantity),
          photos_number: item.photosNumber,
          description: item.description,
          station_id: item.stationId,
          source: item.source ?? 'manual',
          created_by: userId,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
