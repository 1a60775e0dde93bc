import type { FigureAnswer, FigureQuery } from '../../../resources/figures.js';
import type { Executor } from '../../db/index.js';

/**
 * Temporary stand-in for the figures model (branch `figures` replaces this file at merge): the count
 * of the company's production items, in the query's date range and project when given, so public
 * dashboards can be built and tested before the real model lands.
 */
export async function answerFigures(db: Executor, scope: { companyId: number; crewIds: number[] | null }, query: FigureQuery): Promise<FigureAnswer> {
  const project = query.filters.find((f) => f.field === 'project' && f.operator === 'eq');
  const row = await db
    .selectFrom('production_items as pi')
    .innerJoin('productions as p', 'p.id', 'pi.production_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.company_id', '=', scope.companyId)
    .$if(scope.crewIds !== null, (q) => q.where('p.crew_id', 'in', scope.crewIds!.length ? scope.crewIds! : [0]))
    .$if(!!query.range, (q) => q.where('p.date', '>=', query.range!.from).where('p.date', '<=', query.range!.to))
    .$if(!!project, (q) => q.where('p.project_id', '=', Number(project!.value)))
    .executeTakeFirstOrThrow();
  return { unit: 'count', rows: [], total: String(Number(row.n)) };
}
