import { sql } from 'kysely';
import type { ProductionPlanSheet } from '../../../resources/production.js';
import type { Executor } from '../../db/index.js';

/**
 * The project's plan pages with drawings added to the budget, by file name and page: where a crew
 * marks what it built (a draft production) and what it reads on site (the project board).
 */
export async function projectPlanSheets(db: Executor, projectId: number): Promise<ProductionPlanSheet[]> {
  const rows = await db
    .selectFrom('plan_layer_items as li')
    .innerJoin('files as f', 'f.id', 'li.file_id')
    .select(['li.file_id', 'f.name', 'li.page_number', sql<number>`count(*)`.as('drawings')])
    .where('li.project_id', '=', projectId)
    .where('li.budget_item_id', 'is not', null)
    .groupBy(['li.file_id', 'f.name', 'li.page_number'])
    .orderBy('f.name')
    .orderBy('li.file_id')
    .orderBy('li.page_number')
    .limit(200)
    .execute();
  return rows.map((r) => ({ fileId: r.file_id, fileName: r.name, pageNumber: r.page_number, drawings: Number(r.drawings) }));
}
