import { sql, type SqlBool } from 'kysely';
import type { ProductionSibling } from '../../../resources/production.js';
import type { Executor } from '../../db/index.js';
import type { ReadCache } from '../../db/read-cache.js';
import type { Actor } from '../../http/actor.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';
import type { Services } from '../../services.js';
import { productionScope } from './production-access.js';
import { listRowsQuery, toListRow } from './production-view.js';

/**
 * The list's fields (resources/production.ts). The date is plain 'YYYY-MM-DD' text, so a range is
 * date_gte=2026-03-01&date_lt=2026-04-01, compared as text.
 */
export const PRODUCTION_LIST: ListSpec = withTextIndex(
  withTextIndex(
    {
      fields: {
        id: { column: 'p.id', type: 'number', filter: true, sort: true },
        date: { column: 'p.date', type: 'day', filter: true, sort: true },
        status: { column: 'p.status', type: 'text', filter: true, sort: true },
        projectId: { column: 'p.project_id', type: 'number', filter: true },
        crewId: { column: 'p.crew_id', type: 'number', filter: true },
        companyId: { column: 'p.company_id', type: 'number', filter: true },
        projectCode: { column: 'pr.code', type: 'text', filter: true, sort: true },
        projectName: { column: 'pr.project_name', type: 'text', filter: true, sort: true },
        crewName: { column: 'cr.name', type: 'text', filter: true, sort: true },
        companyName: { column: 'co.name', type: 'text', filter: true, sort: true },
        createdAt: { column: 'p.created_at', type: 'date', filter: true, sort: true },
      },
      defaultSort: [{ field: 'date', order: 'desc' }],
      tiebreaker: 'p.id',
    },
    'projects',
    'pr',
  ),
  'crews',
  'cr',
);

/**
 * The productions company `companyId` may see, as a predicate on `p` (productions): its own (any
 * status), its subcontractors' on projects it runs (not drafts), and those of projects it is the
 * client of or runs the parent of (approved). The projects are picked by subqueries on
 * `p.project_id`, so counting needs no join. A company that runs no project and is no project's
 * client (a pure subcontractor) gets `p.company_id = ?` alone, read from productions_company_date_idx
 * in date order.
 */
export async function visibleProductions(db: Executor, companyId: number, cache?: ReadCache) {
  const ask = async () =>
    !!(await db
      .selectFrom('projects')
      .select('id')
      .where((eb) => eb.or([eb('company_id', '=', companyId), eb('client_id', '=', companyId)]))
      .limit(1)
      .executeTakeFirst());
  // The grid asks on every page: kept in the read cache until a project is written.
  const related = cache ? await cache.get(`productions-related:${companyId}`, ask) : await ask();
  if (!related) return sql<SqlBool>`p.company_id = ${companyId}`;
  return sql<SqlBool>`(p.company_id = ${companyId}
    or (p.status <> 'draft' and p.project_id in (select id from projects where company_id = ${companyId}))
    or (p.status = 'approved' and p.project_id in (select id from projects where client_id = ${companyId}
      union select c.id from projects c join projects pp on pp.id = c.parent_id where pp.company_id = ${companyId})))`;
}

/** GET /production: a page of the productions the acting company may see; counts and amounts for the page's rows only. */
export async function listProductions(services: Services, actor: Actor, query: RawListQuery) {
  const list = parseListQuery(PRODUCTION_LIST, query);
  const companyId = actor.membership!.companyId;
  const db = services.db;
  const where = await visibleProductions(db, companyId, services.readCache);
  const base = listRowsQuery(db, companyId).where(where);
  const lean = db.selectFrom('productions as p').select('p.id').where(where);
  const page = await runList(base, list, { base: lean, aliases: ['p'] });
  return { rows: page.rows.map(toListRow), total: page.total };
}

/** GET /production/{id}/siblings: the other crews' productions on the project that day, those the acting company may see. */
export async function listSiblings(services: Services, actor: Actor, id: number): Promise<ProductionSibling[]> {
  const { production, companyId } = await productionScope(services.db, actor, id);
  const rows = await listRowsQuery(services.db, companyId)
    .where(await visibleProductions(services.db, companyId, services.readCache))
    .where('p.project_id', '=', production.project_id)
    .where('p.date', '=', production.date)
    .where('p.id', '<>', id)
    .orderBy('cr.name')
    .orderBy('p.id')
    .execute();
  return rows.map(toListRow).map((r) => ({
    id: r.id,
    crewId: r.crewId,
    crewName: r.crewName,
    companyName: r.companyName,
    status: r.status,
    itemCount: r.itemCount,
    amount: r.amount,
  }));
}

