import { sql } from 'kysely';
import type { Executor } from '../../db/index.js';
import { badRequest, conflict } from '../../http/errors.js';
import { relationOf, type ProjectRow } from './project-access.js';

export const PROJECT_CHECKS = {
  client: 'Choose a client company you have an active client partnership with',
  parent: 'Choose a top-level project your company runs or works on as a crew company',
  parentHasParent: 'A project that has sub-projects cannot become a sub-project itself',
  market: 'Choose a market of your company',
  codeTaken: (code: string) => `A project with code "${code}" already exists`,
} as const;

const invalid = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

/** The client company of an active partnership in which `companyId` is the subcontractor; 400 otherwise. */
export async function clientCompany(db: Executor, companyId: number, clientId: number) {
  const row = await db
    .selectFrom('partnerships as pt')
    .innerJoin('companies as c', 'c.id', 'pt.client_id')
    .select(['c.id', 'c.name', 'c.contact_email'])
    .where('pt.client_id', '=', clientId)
    .where('pt.subcontractor_id', '=', companyId)
    .where('pt.status', '=', 'active')
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw invalid('clientId', PROJECT_CHECKS.client);
  return row;
}

/**
 * A parent for a project of `companyId`: a top-level project it runs, or one it works on as a crew
 * company (a subcontractor's sub-project under its client's project). Projects nest one level.
 */
export async function parentProject(db: Executor, companyId: number, parentId: number, childId?: number) {
  const parent = (await db.selectFrom('projects').selectAll().where('id', '=', parentId).executeTakeFirst()) as ProjectRow | undefined;
  const relation = parent ? await relationOf(db, parent, companyId) : null;
  if (!parent || parent.id === childId || parent.parent_id !== null || (relation !== 'owner' && relation !== 'subcontractor')) {
    throw invalid('projectId', PROJECT_CHECKS.parent);
  }
  if (childId !== undefined) {
    const child = await db.selectFrom('projects').select('id').where('parent_id', '=', childId).limit(1).executeTakeFirst();
    if (child) throw invalid('projectId', PROJECT_CHECKS.parentHasParent);
  }
  return parent;
}

export async function ownMarket(db: Executor, companyId: number, marketId: number) {
  const row = await db.selectFrom('markets').select('id').where('id', '=', marketId).where('company_id', '=', companyId).executeTakeFirst();
  if (!row) throw invalid('marketId', PROJECT_CHECKS.market);
}

/** Codes are unique within the company whatever their case (projects_code_idx). */
export async function assertCodeFree(db: Executor, companyId: number, code: string, exceptId?: number) {
  let q = db.selectFrom('projects').select('id').where('company_id', '=', companyId).where(sql<boolean>`lower(code) = lower(${code})`);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw conflict(PROJECT_CHECKS.codeTaken(code), 'ALREADY_EXISTS');
}
