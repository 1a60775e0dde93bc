import { canReviewProductions, holds } from '../../../permissions/index.js';
import { currentDialect } from '../../db/dialect-context.js';
import type { Executor } from '../../db/index.js';
import type { ProductionsTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { noteProject } from '../../realtime/live-events.js';
import { PRODUCTION_EDITABLE, PRODUCTION_MESSAGES, type ProductionStatus } from '../../../resources/production.js';
import type { ProjectRow } from '../projects/project-access.js';

export type ProductionRow = Omit<ProductionsTable, 'id'> & { id: number };

/**
 * Who the acting company is to a production: its producer (the crew's company: any status), the
 * project's owner when a subcontractor produced ('owner': never a draft), or the project's client or
 * parent-project owner ('client': approved only). Anyone else gets the same 404 as for a production
 * that does not exist.
 */
export type ProductionRelation = 'producer' | 'owner' | 'client';

export interface ProductionScope {
  production: ProductionRow;
  project: ProjectRow;
  relation: ProductionRelation;
  companyId: number;
  userId: number;
  /** The producer's person with productions:manage: records, edits a draft, submits, amends. */
  canManage: boolean;
  /** productions:manage and not a crew leader (permissions/ability.ts canReviewProductions). */
  mayReview: boolean;
}

/** The acting company's relation to a production, or null when it may not see it. */
export async function relationTo(db: Executor, production: Pick<ProductionRow, 'company_id' | 'status'>, project: ProjectRow, companyId: number): Promise<ProductionRelation | null> {
  if (production.company_id === companyId) return 'producer';
  if (project.company_id === companyId) return production.status === 'draft' ? null : 'owner';
  if (production.status !== 'approved') return null;
  if (project.client_id === companyId) return 'client';
  if (project.parent_id === null) return null;
  const parent = await db.selectFrom('projects').select('company_id').where('id', '=', project.parent_id).executeTakeFirst();
  return parent?.company_id === companyId ? 'client' : null;
}

/**
 * The production as the acting company may see it, or 404. Every production call starts here (guard
 * and again in its transaction). `lock` takes the row for the rest of the transaction on PostgreSQL
 * (SQLite runs one write transaction at a time anyway), so a change and a move of the same
 * production never pass each other.
 */
export async function productionScope(db: Executor, actor: Actor, id: number, lock = false): Promise<ProductionScope> {
  const active = actor.membership;
  if (!active) throw notFound('Production');
  let query = db.selectFrom('productions').selectAll().where('id', '=', id);
  if (lock && currentDialect() === 'postgres') query = query.forUpdate();
  const production = (await query.executeTakeFirst()) as ProductionRow | undefined;
  if (!production) throw notFound('Production');
  const project = (await db.selectFrom('projects').selectAll().where('id', '=', production.project_id).executeTakeFirstOrThrow()) as ProjectRow;
  const relation = await relationTo(db, production, project, active.companyId);
  if (!relation) throw notFound('Production');
  noteProject(project.id);
  const manages = holds(actor.profile, 'productions:manage');
  return {
    production,
    project,
    relation,
    companyId: active.companyId,
    userId: actor.user.id,
    canManage: relation === 'producer' && manages,
    mayReview: canReviewProductions(actor.profile),
  };
}

/** The producer's side (edit, submit, amend, delete): 404 unseen, 403 for anyone but the producer's productions:manage people. */
export async function managedProduction(db: Executor, actor: Actor, id: number, lock = false): Promise<ProductionScope> {
  const scope = await productionScope(db, actor, id, lock);
  if (!scope.canManage) throw forbidden('Only the company that produced it may change this production');
  return scope;
}

export const isEditable = (status: string) => PRODUCTION_EDITABLE.includes(status as ProductionStatus);

/** A draft of the producer's (items, texts, stations, traces, photos change only then): 409 otherwise. */
export async function editableProduction(db: Executor, actor: Actor, id: number, lock = false): Promise<ProductionScope> {
  const scope = await managedProduction(db, actor, id, lock);
  if (!isEditable(scope.production.status)) throw conflict(PRODUCTION_MESSAGES.notEditable, 'NOT_EDITABLE');
  return scope;
}

/** A review the acting company decides: it holds one on the production, and its person may review (403 otherwise). */
export async function reviewableProduction(db: Executor, actor: Actor, id: number, lock = false): Promise<ProductionScope> {
  const scope = await productionScope(db, actor, id, lock);
  const review = await db.selectFrom('production_reviews').select('id').where('production_id', '=', id).where('company_id', '=', scope.companyId).executeTakeFirst();
  if (!review) throw forbidden('Your company does not review this production');
  if (!scope.mayReview) throw forbidden('Approving or rejecting a production needs productions:manage, and a crew leader does not review');
  return scope;
}
