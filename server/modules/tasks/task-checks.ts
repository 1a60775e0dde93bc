import { TASK_MESSAGES, type TaskItemInput } from '../../../resources/task.js';
import type { Executor } from '../../db/index.js';
import { nowIso } from '../../lib/json.js';
import { assertBudgetItems, fieldError } from '../productions/production-checks.js';

/** The crew, when named, must be one of the acting company's (400 otherwise: another company's crew is unknown here). */
export async function assertCrew(db: Executor, companyId: number, crewId: number | null | undefined) {
  if (crewId === null || crewId === undefined) return;
  const crew = await db.selectFrom('crews').select('id').where('id', '=', crewId).where('company_id', '=', companyId).executeTakeFirst();
  if (!crew) throw fieldError('crewId', TASK_MESSAGES.crew);
}

/** The type, when named, must be one of the acting company's task types. */
export async function assertType(db: Executor, companyId: number, typeId: number | null | undefined) {
  if (typeId === null || typeId === undefined) return;
  const type = await db.selectFrom('task_types').select('id').where('id', '=', typeId).where('company_id', '=', companyId).executeTakeFirst();
  if (!type) throw fieldError('typeId', TASK_MESSAGES.type);
}

/** Every item must be a budget item of the task's project. */
export const assertTaskItems = (db: Executor, projectId: number, items: TaskItemInput[]) =>
  assertBudgetItems(db, projectId, items.map((i) => i.budgetItemId), (i) => `items.${i}.budgetItemId`);

/** Replaces a task's items with these (in chunks under SQLite's bound-parameter limit). */
export async function replaceItems(db: Executor, taskId: number, items: TaskItemInput[]) {
  await db.deleteFrom('task_items').where('task_id', '=', taskId).execute();
  const now = nowIso();
  for (let i = 0; i < items.length; i += 200) {
    const chunk = items.slice(i, i + 200);
    if (!chunk.length) break;
    await db
      .insertInto('task_items')
      .values(chunk.map((item) => ({ task_id: taskId, budget_item_id: item.budgetItemId, quantity_e3: Number(item.quantity), description: item.description, created_at: now, updated_at: now })))
      .execute();
  }
}

/** The items as the trail keeps them: budget item and quantity text. */
export const itemsSnapshot = (items: Array<{ budgetItemId: number; quantity: bigint | string }>) =>
  items.map((i) => `${i.budgetItemId}: ${String(i.quantity)}`).join(', ');
