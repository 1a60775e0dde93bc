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

/** Projects a company's productions predicate names by id at most; past it, by subquery. */
const INLINE_PROJECTS = 100;

/** The projects a company runs: their productions it sees, all but drafts. */
const projectsRunBy = (db: Executor, companyId: number) => db.selectFrom('projects').select('id').where('company_id', '=', companyId);

/** The projects a company is the client of or runs the parent of: their productions it sees once approved. */
const projectsApprovedTo = (db: Executor, companyId: number) =>
  db
    .selectFrom('projects')
    .select('id')
    .where('client_id', '=', companyId)
    .union(db.selectFrom('projects as c').innerJoin('projects as pp', 'pp.id', 'c.parent_id').select('c.id').where('pp.company_id', '=', companyId));

interface RelatedProjects {
  runs: number[];
  approvedOf: number[];
}

async function relatedProjects(db: Executor, companyId: number): Promise<RelatedProjects> {
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
  const [runs, approvedOf] = await Promise.all([projectsRunBy(db, companyId).execute(), projectsApprovedTo(db, companyId).execute()]);
  return { runs: ids(runs), approvedOf: ids(approvedOf) };
}

/**
 * The productions company `companyId` may see, as a predicate on `p` (productions): its own (any
 * status), its subcontractors' on projects it runs (not drafts), and those of projects it is the
 * client of or runs the parent of (approved). The projects are named by id, kept in the read cache
 * until a project is written: the subqueries they replace ran on every page and its count, a fifth of
 * a filtered grid page's SQL. A company with more than INLINE_PROJECTS of a kind gets the subquery
 * for it (the same query that read the ids). A company that runs no project and is no project's
 * client (a pure subcontractor) gets `p.company_id = ?` alone, read from productions_company_date_idx
 * in date order.
 */
export async function visibleProductions(db: Executor, companyId: number, cache: ReadCache) {
  const related = await cache.get(`productions-related:${companyId}`, () => relatedProjects(db, companyId), {
    sizeOf: (r) => 64 + 8 * (r.runs.length + r.approvedOf.length),
  });
  // Kysely puts a nested select in parentheses itself.
  const among = (ids: number[], subquery: { toOperationNode(): unknown }) => (ids.length > INLINE_PROJECTS ? subquery : sql`(${sql.join(ids)})`);
  const terms = [sql<SqlBool>`p.company_id = ${companyId}`];
  if (related.runs.length) terms.push(sql`(p.status <> 'draft' and p.project_id in ${among(related.runs, projectsRunBy(db, companyId))})`);
  if (related.approvedOf.length) terms.push(sql`(p.status = 'approved' and p.project_id in ${among(related.approvedOf, projectsApprovedTo(db, companyId))})`);
  return terms.length === 1 ? terms[0]! : sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
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

