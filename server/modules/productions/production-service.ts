import { queueProductionWebhook } from './production-webhooks.js';
import { PRODUCTION_MESSAGES, PRODUCTION_TEXTS, PRODUCTION_TOPICS, type CreateProductionInput, type ProductionTexts } from '../../../resources/production.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { AppError, conflict, forbidden } from '../../http/errors.js';
import { nowIso, parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { fileTransaction } from '../../storage/file-store.js';
import { projectAccess } from '../projects/project-access.js';
import { editableProduction, managedProduction, productionScope, reviewableProduction, type ProductionScope } from './production-access.js';
import { auditProduction } from './production-audit.js';
import { assertItems, assertTask, fieldError, insertItems, recordableCrews } from './production-checks.js';
import { mailApproval, notifyProduction, productionTitle, reviewingCompanies } from './production-notify.js';
import { releasePhotos } from './production-photos.js';
import { assertMove, decideReview, moveProduction } from './production-state.js';
import { loadProduction, productionSnapshot, reviewOpen, productionReviews } from './production-view.js';

export const NOT_IN_PROJECT = 'Only the company that runs the project or a subcontractor working on it records production';
export const KEPT_FOR_RECORD = 'This production was billed on an invoice: it is kept for the record';

/** Texts as stored: the known keys with text, in the sheet's order. */
function textsJson(texts: ProductionTexts): string {
  const out: ProductionTexts = {};
  for (const { key } of PRODUCTION_TEXTS) if (texts[key]) out[key] = texts[key];
  return JSON.stringify(out);
}

/**
 * POST production/project/{projectId}: a draft production of one of the acting company's crews for a
 * day, with its items. The company must run the project or work on it as a crew company; one sheet
 * per crew, project and day (409).
 */
export async function createProduction(services: Services, actor: Actor, projectId: number, body: CreateProductionInput) {
  return services.db.transaction().execute(async (trx) => {
    const access = await projectAccess(trx, actor, projectId, 'view');
    if (access.relation !== 'owner' && access.relation !== 'subcontractor') throw forbidden(NOT_IN_PROJECT);
    const crew = await recordableCrews(trx, actor).where('c.id', '=', body.crewId).executeTakeFirst();
    if (!crew) throw fieldError('crewId', PRODUCTION_MESSAGES.crew);
    await assertTask(trx, access.project, access.companyId, body.taskId);
    await assertItems(trx, projectId, body.items);
    const taken = await trx.selectFrom('productions').select('id').where('project_id', '=', projectId).where('crew_id', '=', crew.id).where('date', '=', body.date).executeTakeFirst();
    // The refusal names the day's sheet, so the person who tapped Create can open it instead.
    if (taken) throw new AppError(409, PRODUCTION_MESSAGES.duplicate, 'DUPLICATE', [{ field: 'date', message: PRODUCTION_MESSAGES.duplicate, existingId: taken.id }]);
    const now = nowIso();
    const { id } = await trx
      .insertInto('productions')
      .values({
        project_id: projectId,
        company_id: access.companyId,
        crew_id: crew.id,
        task_id: body.taskId,
        date: body.date,
        status: 'draft',
        texts: textsJson(body.texts),
        reject_reason: null,
        submitted_at: null,
        submitted_by: null,
        approved_at: null,
        created_by: actor.user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((err: unknown) => Promise.reject(isUniqueViolation(err) ? conflict(PRODUCTION_MESSAGES.duplicate, 'DUPLICATE') : err));
    await insertItems(trx, id, body.items, actor.user.id);
    const scope = await managedProduction(trx, actor, id);
    await auditProduction(trx, scope, 'created', null, { ...productionSnapshot(scope.production), items: body.items.length });
    return loadProduction(trx, scope, id);
  });
}

/** PATCH /production/{id}: the texts (the keys sent) and the task of a draft. */
export async function updateProduction(services: Services, actor: Actor, id: number, body: { texts?: ProductionTexts; taskId?: number | null }) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await editableProduction(trx, actor, id, true);
    if (body.taskId !== undefined && body.taskId !== scope.production.task_id) {
      await assertTask(trx, scope.project, scope.production.company_id, body.taskId);
      await trx.updateTable('productions').set({ task_id: body.taskId, updated_at: nowIso() }).where('id', '=', id).execute();
      await auditProduction(trx, scope, 'updated', { taskId: scope.production.task_id }, { taskId: body.taskId });
    }
    if (body.texts) {
      const texts = { ...parseJson<ProductionTexts>(scope.production.texts, {}), ...body.texts };
      const json = textsJson(texts);
      if (json !== scope.production.texts) {
        await trx.updateTable('productions').set({ texts: json, updated_at: nowIso() }).where('id', '=', id).execute();
        await auditProduction(trx, scope, 'updated', productionSnapshot(scope.production), productionSnapshot({ ...scope.production, texts: json }));
      }
    }
    return loadProduction(trx, scope, id);
  });
}

/** DELETE /production/{id}: a draft, by its producer; its photos' files go once the transaction commits. */
export async function deleteProduction(services: Services, actor: Actor, id: number): Promise<void> {
  await fileTransaction(services, async (trx, files) => {
    const scope = await editableProduction(trx, actor, id, true);
    await releasePhotos(trx, files, id);
    await trx.deleteFrom('productions').where('id', '=', id).where('status', '=', 'draft').execute()
      .catch((err: unknown) => Promise.reject(isForeignKeyViolation(err) ? conflict(KEPT_FOR_RECORD, 'IN_USE') : err));
    await auditProduction(trx, scope, 'deleted', productionSnapshot(scope.production), null);
  });
}

/** Reviews for a new round: the producer's own and, when a subcontractor produced, the project owner's; each pending. */
async function openReviews(trx: Trx, scope: ProductionScope) {
  const companies = reviewingCompanies(scope.production, scope.project);
  await trx.deleteFrom('production_reviews').where('production_id', '=', scope.production.id).where('company_id', 'not in', companies).execute();
  const now = nowIso();
  for (const companyId of companies) {
    const reset = await trx
      .updateTable('production_reviews')
      .set({ status: 'pending', reason: null, decided_by: null, decided_at: null, updated_at: now })
      .where('production_id', '=', scope.production.id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (Number(reset.numUpdatedRows) === 0) {
      await trx.insertInto('production_reviews').values({ production_id: scope.production.id, company_id: companyId, status: 'pending', reason: null, decided_by: null, decided_at: null, created_at: now, updated_at: now }).execute();
    }
  }
  return companies;
}

/** PATCH /production/{id}/submit: draft → submitted (at least one item); every review pending again; the reviewing companies are told. */
export async function submitProduction(services: Services, actor: Actor, id: number) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await managedProduction(trx, actor, id, true);
    const { production } = scope;
    if (production.status === 'draft') {
      const item = await trx.selectFrom('production_items').select('id').where('production_id', '=', id).limit(1).executeTakeFirst();
      if (!item) throw conflict(PRODUCTION_MESSAGES.empty, 'EMPTY');
    }
    assertMove(production.status, 'submit');
    const companies = await openReviews(trx, scope);
    await auditProduction(trx, scope, 'submitted', { status: production.status }, { status: 'submitted' });
    await notifyProduction(services, trx, companies, actor.user.id, {
      topic: PRODUCTION_TOPICS.added,
      description: `${await productionTitle(trx, production, scope.project)} was submitted for review`,
      production,
    });
    // After the audit and notices: the move updates the project's shared monthly rollup rows (0026's
    // triggers), which every other move of its productions waits on until this commit, so only the
    // answer and its webhook come after it.
    await moveProduction(trx, production, 'submit', { submitted_at: nowIso(), submitted_by: actor.user.id, reject_reason: null, approved_at: null });
    const seen = await loadProduction(trx, scope, id);
    await queueProductionWebhook(services, trx, 'production.submitted', production, scope.project, { companyId: scope.companyId, production: seen });
    return seen;
  });
}

/** The acting company's review, open now: 409 when it is not pending or (the client's) waits for the producer's own. */
async function openReview(trx: Trx, scope: ProductionScope) {
  const reviews = await productionReviews(trx, scope.production.id, scope.production.company_id);
  const mine = reviews.find((r) => r.companyId === scope.companyId)!;
  if (mine.status === 'pending' && !reviewOpen(reviews, scope.companyId)) throw conflict(PRODUCTION_MESSAGES.waitingOwn, 'REVIEW_WAITING');
  return { mine, reviews };
}

/**
 * POST /production/{id}/approve: the acting company approves its review; the production is approved
 * once every review is. sendEmail mails the producer's productions:manage people through the outbox.
 */
export async function approveProduction(services: Services, actor: Actor, id: number, body: { sendEmail: boolean }) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await reviewableProduction(trx, actor, id, true);
    const { production, project } = scope;
    assertMove(production.status, 'approve');
    const { mine, reviews } = await openReview(trx, scope);
    await decideReview(trx, mine, 'approved', actor.user.id, null);
    const last = reviews.every((r) => r.id === mine.id || r.status === 'approved');
    await auditProduction(trx, scope, last ? 'approved' : 'review approved', { review: mine.companyName, status: production.status }, { review: `${mine.companyName}: approved`, status: last ? 'approved' : production.status });
    const title = await productionTitle(trx, production, project);
    // The producer hears of each decision; the owner, when its own review opens now.
    const told = mine.role === 'own' && !last ? [production.company_id, project.company_id] : [production.company_id];
    await notifyProduction(services, trx, told, actor.user.id, {
      topic: PRODUCTION_TOPICS.review,
      description: last ? `${title} was approved` : `${title} was approved by ${mine.companyName}`,
      production,
      eventId: mine.id,
    });
    if (body.sendEmail) await mailApproval(services, trx, production, title, last, mine.companyName);
    // Late, as in submitProduction: the rollup rows it updates are shared until the commit.
    if (last) await moveProduction(trx, production, 'approve', { approved_at: nowIso(), reject_reason: null });
    const seen = await loadProduction(trx, scope, id);
    // The production is approved once the last review is: a company's own review approved alone is no event.
    if (last) await queueProductionWebhook(services, trx, 'production.approved', production, project, { companyId: scope.companyId, production: seen });
    return seen;
  });
}

/** POST /production/{id}/reject: the acting company rejects its review with a reason; the production is rejected. */
export async function rejectProduction(services: Services, actor: Actor, id: number, body: { reason: string }) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await reviewableProduction(trx, actor, id, true);
    const { production, project } = scope;
    assertMove(production.status, 'reject');
    const { mine } = await openReview(trx, scope);
    await decideReview(trx, mine, 'rejected', actor.user.id, body.reason);
    await auditProduction(trx, scope, 'rejected', { status: production.status }, { status: 'rejected', review: `${mine.companyName}: rejected`, reason: body.reason });
    await notifyProduction(services, trx, [production.company_id], actor.user.id, {
      topic: PRODUCTION_TOPICS.review,
      description: `${await productionTitle(trx, production, project)} was rejected by ${mine.companyName}: ${body.reason}`,
      production,
      eventId: mine.id,
    });
    // Late, as in submitProduction.
    await moveProduction(trx, production, 'reject', { reject_reason: body.reason });
    const seen = await loadProduction(trx, scope, id);
    await queueProductionWebhook(services, trx, 'production.rejected', production, project, { companyId: scope.companyId, production: seen });
    return seen;
  });
}

/**
 * POST /production/{id}/amend: the producer takes a submitted, rejected or approved production back to
 * draft to correct it; not once an item is on an invoice that is not cancelled (409), and an approved
 * one only by someone who may review (a crew leader cannot undo an approval).
 */
export async function amendProduction(services: Services, actor: Actor, id: number) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await managedProduction(trx, actor, id, true);
    const { production } = scope;
    if (production.status === 'approved' && !scope.mayReview) throw forbidden('Amending an approved production needs someone who may approve it');
    const billed = await trx.selectFrom('invoice_lines').select('id').where('production_id', '=', id).where('active', '=', 1).limit(1).executeTakeFirst();
    if (billed && production.status !== 'draft') throw conflict(PRODUCTION_MESSAGES.invoiced, 'INVOICED');
    await moveProduction(trx, production, 'amend', { approved_at: null });
    await auditProduction(trx, scope, 'amended', { status: production.status }, { status: 'draft' });
    return loadProduction(trx, scope, id);
  });
}

/** GET /production/{id}. */
export async function getProduction(services: Services, actor: Actor, id: number) {
  const scope = await productionScope(services.db, actor, id);
  return loadProduction(services.db, scope, id);
}
