import type { FastifyRequest } from 'fastify';
import { SIGNED_APPROVAL_REASON, type BudgetStatus, type ExternalBudgetReview, type ReviewStatus } from '../../../resources/budget.js';
import type { ExternalReviewOutcome } from '../../../resources/budget-review.js';
import { centsToMoney } from '../../../resources/money.js';
import { hasNul } from '../../../resources/text.js';
import type { Executor } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { noteProject } from '../../realtime/live-events.js';
import type { Services } from '../../services.js';
import { storeUpload } from '../../storage/file-store.js';
import { withDrawings } from '../plan-takeoff/item-drawings.js';
import type { ProjectRow } from '../projects/project-access.js';
import { budgetFigures, figuresView, itemLines } from './budget-figures.js';
import { openLink, pdfAvailableUntil, signedLink, type LinkedReview } from './external-link.js';
import { EXTERNAL_ITEMS_PAGE } from './review-params.js';
import { applyDecision } from './review-decision.js';
import { lockBudget, type BudgetRow } from './review-scope.js';
import { reviewRow, type ReviewRow } from './review-view.js';
import { receiveSignature, userAgentOf } from './signature-upload.js';

/** Decisions through a link are made by nobody signed in: the trail records them as the budget owner's, without a user. */
const linkActor = (budget: BudgetRow) => ({ userId: null, companyId: budget.company_id });

async function projectOf(db: Executor, budget: BudgetRow) {
  const project = (await db.selectFrom('projects').selectAll().where('id', '=', budget.project_id).executeTakeFirstOrThrow()) as ProjectRow;
  noteProject(project.id);
  const [owner, client] = await Promise.all([
    db.selectFrom('companies').select('name').where('id', '=', project.company_id).executeTakeFirstOrThrow(),
    project.client_id === null ? undefined : db.selectFrom('companies').select('name').where('id', '=', project.client_id).executeTakeFirst(),
  ]);
  return { project, view: { id: project.id, projectName: project.project_name, code: project.code, companyName: owner.name, clientName: client?.name ?? project.client_name } };
}

/** Only what this one review grants: the review, the project's names, the budget's figures. */
async function outcome(db: Executor, review: ReviewRow, budget: BudgetRow): Promise<Omit<ExternalBudgetReview, 'items' | 'pdfAvailableUntil'>> {
  const { view } = await projectOf(db, budget);
  return {
    review: { id: review.id, status: review.status as ReviewStatus, reviewerName: review.reviewer_name, reviewerEmail: review.reviewer_email, statusReason: review.status_reason },
    project: view,
    budget: { id: budget.id, status: budget.status as BudgetStatus, singlePart: !!budget.single_part, ...figuresView(budget, await budgetFigures(db, budget)) },
  };
}

/**
 * GET /public/budget-review/{budgetHash}/{reviewHash}: the budget to review (figures over every item),
 * its items a page at a time. After a signed approval the same link still opens the page, decided,
 * for as long as it downloads the signed PDF (pdfAvailableUntil): what the page promised then.
 */
export async function externalReview(services: Services, budgetHash: string, reviewHash: string, query: { _start?: number; _end?: number }): Promise<ExternalBudgetReview> {
  const { review, budget } = await openLink(services.db, budgetHash, reviewHash).catch(() => signedLink(services.db, budgetHash, reviewHash));
  const offset = query._start ?? 0;
  const limit = Math.min((query._end ?? offset + EXTERNAL_ITEMS_PAGE.default) - offset, EXTERNAL_ITEMS_PAGE.max);
  const [base, lines] = await Promise.all([outcome(services.db, review, budget), itemLines(services.db, budget.id, { offset, limit })]);
  const rows = lines.map((l) => ({
    id: l.id,
    itemName: l.itemName,
    itemCode: l.itemCode,
    unit: l.unit,
    quantity: l.quantity,
    price: centsToMoney(l.priceCents),
    amount: centsToMoney(l.amountCents),
    description: l.description,
  }));
  // Read through the link, signed in or not: only a member's review names an account that could open the plans.
  const items = await withDrawings(services.db, rows, review.membership_id !== null);
  return { ...base, items, pdfAvailableUntil: pdfAvailableUntil(review) };
}

/**
 * The decision, in one transaction under the budget's lock, the link opened again there: of two
 * decisions through one link (or a link and the signed-in reviewer) only the first passes.
 */
async function decideByLink(db: Executor, link: LinkedReview, budgetHash: string, reviewHash: string, decide: (ctx: { project: ProjectRow; budget: BudgetRow; review: ReviewRow }) => Promise<ReviewRow>) {
  const budget = await lockBudget(db, link.budget.id);
  const { review } = await openLink(db, budgetHash, reviewHash);
  const { project } = await projectOf(db, budget);
  return decide({ project, budget, review });
}

async function answer(db: Executor, reviewId: number, budgetId: number): Promise<ExternalReviewOutcome> {
  const review = (await reviewRow(db, budgetId, reviewId))!;
  const budget = (await db.selectFrom('budgets').selectAll().where('id', '=', budgetId).executeTakeFirstOrThrow()) as BudgetRow;
  return { ...(await outcome(db, review, budget)), pdfAvailableUntil: pdfAvailableUntil(review) };
}

const SIGNER_MAX = 200;

/** The `name` field: who signs, as they typed it; the reviewer's name when left out or empty. */
function signerName(fields: Record<string, string>, fallback: string): string {
  const name = (fields.name ?? '').trim();
  if (hasNul(name)) throw badRequest('name: Must not contain the NUL character', [{ field: 'name', message: 'Must not contain the NUL character' }]);
  if (name.length > SIGNER_MAX) throw badRequest(`name: At most ${SIGNER_MAX} characters`, [{ field: 'name', message: `At most ${SIGNER_MAX} characters` }]);
  return name || fallback;
}

/**
 * POST …/approve (multipart: file, type=signature, name): signs and approves through the link, the
 * same as a signed-in reviewer's signature. The link is checked before the upload is read.
 */
export async function approveByLink(services: Services, req: FastifyRequest, budgetHash: string, reviewHash: string): Promise<ExternalReviewOutcome> {
  const link = await openLink(services.db, budgetHash, reviewHash);
  const signature = await receiveSignature(services, req);
  try {
    const name = signerName(signature.fields, link.review.reviewer_name);
    const target = { companyId: link.budget.company_id, entityType: 'budget_review', entityId: link.review.id, type: 'signature', uploadedBy: null };
    const decided = await storeUpload(services, target, signature.upload, (trx, file) =>
      decideByLink(trx, link, budgetHash, reviewHash, (ctx) =>
        applyDecision(services, trx, linkActor(ctx.budget), ctx, {
          status: 'approved',
          reason: SIGNED_APPROVAL_REASON,
          signature: { signature_file_id: file.id, signature_sha256: signature.sha256, signer_name: name, signer_ip: req.ip, signer_user_agent: userAgentOf(req) },
        }),
      ),
    );
    return answer(services.db, decided.id, decided.budget_id);
  } finally {
    await signature.discard();
  }
}

/** POST …/reject { reason }: rejects through the link; the budget is rejected with it. */
export async function rejectByLink(services: Services, budgetHash: string, reviewHash: string, reason: string): Promise<ExternalReviewOutcome> {
  const link = await openLink(services.db, budgetHash, reviewHash);
  const decided = await services.db
    .transaction()
    .execute((trx) => decideByLink(trx, link, budgetHash, reviewHash, (ctx) => applyDecision(services, trx, linkActor(ctx.budget), ctx, { status: 'rejected', reason })));
  return answer(services.db, decided.id, decided.budget_id);
}
