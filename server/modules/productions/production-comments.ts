import type { ProductionComment } from '../../../resources/production.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { productionScope, type ProductionScope } from './production-access.js';
import { auditProduction } from './production-audit.js';
import { notifyProduction, productionTitle } from './production-notify.js';
import { PRODUCTION_TOPICS } from '../../../resources/production.js';

/** The companies that see the production now: the producer; the owner unless a draft; the client once approved. */
async function seeingCompanies(db: Executor, scope: ProductionScope) {
  const { production, project } = scope;
  const out = [production.company_id];
  if (production.status !== 'draft') out.push(project.company_id);
  if (production.status === 'approved') {
    if (project.client_id !== null) out.push(project.client_id);
    if (project.parent_id !== null) {
      const parent = await db.selectFrom('projects').select('company_id').where('id', '=', project.parent_id).executeTakeFirst();
      if (parent) out.push(parent.company_id);
    }
  }
  return out;
}

async function commentViews(db: Executor, productionId: number, actor: Actor, companyId: number, ids?: number[]): Promise<ProductionComment[]> {
  let q = db
    .selectFrom('production_comments as pc')
    .innerJoin('companies as c', 'c.id', 'pc.company_id')
    .select(['pc.id', 'pc.company_id', 'c.name as company_name', 'pc.user_id', 'pc.author_name', 'pc.body', 'pc.created_at'])
    .where('pc.production_id', '=', productionId);
  if (ids) q = q.where('pc.id', 'in', ids);
  const rows = await q.orderBy('pc.created_at').orderBy('pc.id').execute();
  return rows.map((r) => ({
    id: r.id,
    sourceId: productionId,
    companyId: r.company_id,
    companyName: r.company_name,
    authorName: r.author_name,
    body: r.body,
    createdAt: r.created_at,
    mine: r.user_id === actor.user.id && r.company_id === companyId,
  }));
}

/** GET /comments/{productionId}: oldest first, for anyone who sees the production. */
export async function listComments(services: Services, actor: Actor, productionId: number) {
  const scope = await productionScope(services.db, actor, productionId);
  return commentViews(services.db, productionId, actor, scope.companyId);
}

/** POST /comment: anyone who sees the production writes, as a person of the acting company; those who see it are told. */
export async function addComment(services: Services, actor: Actor, body: { sourceId: number; comment: string }) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await productionScope(trx, actor, body.sourceId);
    const { id } = await trx
      .insertInto('production_comments')
      .values({ production_id: body.sourceId, company_id: scope.companyId, user_id: actor.user.id, author_name: actor.user.name, body: body.comment, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditProduction(trx, scope, 'comment added', null, { commentId: id, comment: body.comment });
    await notifyProduction(services, trx, await seeingCompanies(trx, scope), actor.user.id, {
      topic: PRODUCTION_TOPICS.comment,
      description: `${actor.user.name} commented on ${await productionTitle(trx, scope.production, scope.project)}`,
      production: scope.production,
      eventId: id,
    });
    return (await commentViews(trx, body.sourceId, actor, scope.companyId, [id]))[0]!;
  });
}

/** The comment's production id, for the guard (404 for no comment). */
export async function commentProductionId(db: Executor, commentId: number) {
  const row = await db.selectFrom('production_comments').select('production_id').where('id', '=', commentId).executeTakeFirst();
  if (!row) throw notFound('Comment');
  return row.production_id;
}

/** DELETE /comment/{id}: the writer only (403 for anyone else who sees the production). */
export async function deleteComment(services: Services, actor: Actor, commentId: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const scope = await productionScope(trx, actor, await commentProductionId(trx, commentId));
    const row = await trx.selectFrom('production_comments').selectAll().where('id', '=', commentId).executeTakeFirstOrThrow();
    if (row.user_id !== actor.user.id || row.company_id !== scope.companyId) throw forbidden('Only the writer may delete a comment');
    await trx.deleteFrom('production_comments').where('id', '=', commentId).execute();
    await auditProduction(trx, scope, 'comment deleted', { commentId, comment: row.body }, null);
  });
}
