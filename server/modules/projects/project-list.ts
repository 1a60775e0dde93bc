import { sql, type SqlBool } from 'kysely';
import { EARTH_RADIUS_M } from '../../../resources/geo.js';
import type { Near, Project } from '../../../resources/project.js';
import type { Executor } from '../../db/index.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { projectAccess, visibleToCompany } from './project-access.js';
import { activeViewer, projectRows, projectViews, type ProjectViewer } from './project-view.js';

/**
 * The grid's fields (resources/project.ts) and the reference filters. Start and end dates are plain
 * 'YYYY-MM-DD' text, so they filter and compare as text (startDate_gte=2026-03-01), not as instants.
 */
export const PROJECT_LIST: ListSpec = withTextIndex(
  {
    fields: {
      id: { column: 'p.id', type: 'number', filter: true, sort: true },
      code: { column: 'p.code', type: 'text', filter: true, sort: true },
      projectName: { column: 'p.project_name', type: 'text', filter: true, sort: true },
      status: { column: 'p.status', type: 'text', filter: true, sort: true },
      clientName: { column: 'p.client_name', type: 'text', filter: true, sort: true, nullable: true },
      companyName: { column: 'co.name', type: 'text', filter: true, sort: true },
      projectNumber: { column: 'p.project_number', type: 'text', filter: true, sort: true, nullable: true },
      powoNumber: { column: 'p.powo_number', type: 'text', filter: true, sort: true, nullable: true },
      city: { column: 'p.city', type: 'text', filter: true, sort: true, nullable: true },
      state: { column: 'p.state', type: 'text', filter: true, sort: true, nullable: true },
      startDate: { column: 'p.start_date', type: 'day', filter: true, sort: true, nullable: true },
      endDate: { column: 'p.end_date', type: 'day', filter: true, sort: true, nullable: true },
      marketName: { column: 'mk.name', type: 'text', filter: true, sort: true, nullable: true },
      parentName: { column: 'pa.project_name', type: 'text', filter: true, sort: true, nullable: true },
      createdAt: { column: 'p.created_at', type: 'date', filter: true, sort: true },
      clientId: { column: 'p.client_id', type: 'number', filter: true, sort: false, nullable: true },
      companyId: { column: 'p.company_id', type: 'number', filter: true, sort: false },
      projectId: { column: 'p.parent_id', type: 'number', filter: true, sort: false, nullable: true },
      marketId: { column: 'p.market_id', type: 'number', filter: true, sort: false, nullable: true },
    },
    defaultSort: [{ field: 'createdAt', order: 'desc' }],
    tiebreaker: 'p.id',
  },
  'projects',
  'p',
);

/** `q` looks in the name and the code, the columns the trigram index covers (TEXT_INDEXED_0013). */
const SEARCHED = [PROJECT_LIST.fields.projectName!, PROJECT_LIST.fields.code!];

const KM_PER_DEGREE = (EARTH_RADIUS_M / 1000) * (Math.PI / 180);

/**
 * Kilometres from `near` to the project `p`, equirectangular: a degree of longitude shrunk by the cosine
 * of near's latitude. Within a fraction of a percent of the great circle at the distances a crew
 * drives, and plain arithmetic on both databases (sqrt is the only function). Null without a position
 * (null propagates). Longitudes are not wrapped at the antimeridian: no site list spans it.
 */
function distanceKm(near: Near) {
  const shrink = Math.cos((near.lat * Math.PI) / 180);
  return sql<number | null>`${KM_PER_DEGREE} * sqrt((p.lat - ${near.lat}) * (p.lat - ${near.lat}) + ((p.lng - ${near.lng}) * ${shrink}) * ((p.lng - ${near.lng}) * ${shrink}))`;
}

const DISTANCE = 'distance_km';

/**
 * A page of projects picked by `where` (a predicate on `p`), as the viewer's company sees them. The
 * count skips the joins that only add names. With `near`, nearest first (projects without a position
 * last), then the list's own order, and each answer carries its distanceKm.
 */
export async function listProjects(db: Executor, viewer: ProjectViewer, where: ReturnType<typeof sql<SqlBool>>, query: RawListQuery, near?: Near) {
  const list = parseListQuery(PROJECT_LIST, query);
  list.searchFields = SEARCHED;
  const base = projectRows(db, viewer.companyId)
    .where(where)
    .$if(near !== undefined, (q) => q.select(distanceKm(near!).as(DISTANCE)));
  // Ordered by the selected column's name, which both databases accept in ORDER BY.
  if (near) list.sort.unshift({ field: { column: DISTANCE, type: 'number', nullable: true }, order: 'asc' });
  const lean = db.selectFrom('projects as p').select('p.id').where(where);
  const page = await runList(base, list, { base: lean, aliases: ['p'] });
  const views: Project[] = await projectViews(db, viewer, page.rows);
  if (!near) return { rows: views, total: page.total };
  const km = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
  return { rows: views.map((v, i) => ({ ...v, distanceKm: km(page.rows[i]![DISTANCE]) })), total: page.total };
}

/** The predicates of the project lists, each on `p`. */
export const PROJECT_SCOPES = {
  /** GET /projects: everything the company may see. */
  visible: (companyId: number) => visibleToCompany('p', companyId),
  /** …/projects/all: the projects the company runs. */
  runs: (companyId: number) => sql<SqlBool>`p.company_id = ${companyId}`,
  /** …/projects/client: the projects it is the client of, directly or as the owner of the parent project. */
  clientOf: (companyId: number) =>
    sql<SqlBool>`(p.client_id = ${companyId} or exists (select 1 from projects cp where cp.id = p.parent_id and cp.company_id = ${companyId}))`,
  /** …/projects/parent: top-level projects it runs or works on as a crew company (a new project's possible parents). */
  parents: (companyId: number) =>
    sql<SqlBool>`(p.parent_id is null and (p.company_id = ${companyId}
      or exists (select 1 from project_crew_companies pc where pc.project_id = p.id and pc.company_id = ${companyId})))`,
  /** /projects/{client}/{subcontractor}: run by the subcontractor for the client, sub-projects of the client's projects included. */
  between: (clientId: number, subcontractorId: number) =>
    sql<SqlBool>`(p.company_id = ${subcontractorId} and (p.client_id = ${clientId}
      or exists (select 1 from projects bp where bp.id = p.parent_id and bp.company_id = ${clientId})))`,
  /** /projects/{id}/sub-projects/{companyId}: sub-projects of one project the company may see, of one company or (0) all. */
  subProjects: (parentId: number, viewerCompanyId: number, companyId: number) =>
    sql<SqlBool>`(p.parent_id = ${parentId} and ${visibleToCompany('p', viewerCompanyId)}${companyId ? sql` and p.company_id = ${companyId}` : sql``})`,
};

/** The client–subcontractor view, for one of the two companies only (anyone else: 404). */
export async function listBetween(db: Executor, viewer: ProjectViewer, clientId: number, subcontractorId: number, query: RawListQuery) {
  if (viewer.companyId !== clientId && viewer.companyId !== subcontractorId) throw notFound('Company');
  return listProjects(db, viewer, PROJECT_SCOPES.between(clientId, subcontractorId), query);
}

/** A project's sub-projects of one company (0: all), among those the viewer's company may see. */
export async function listSubProjects(db: Executor, actor: Actor, id: number, companyId: number, query: RawListQuery) {
  await projectAccess(db, actor, id, 'view');
  const viewer = activeViewer(actor);
  return listProjects(db, viewer, PROJECT_SCOPES.subProjects(id, viewer.companyId, companyId), query);
}
