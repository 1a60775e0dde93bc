import type { BudgetReview } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import { projectPeopleCompanies } from '../projects/project-people.js';
import { notifyReviewer } from './review-decision.js';
import { reviewRequestMail } from './review-mail.js';
import { budgetScope, lockBudget, requireManage } from './review-scope.js';
import { reviewView, type ReviewRow } from './review-view.js';

/** A review link works for 30 days: a month to read and decide on a budget, then the owner asks again. */
export const REVIEW_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const REVIEWER_MESSAGE = "Choose a member of the project's company or of its client";

/** The accepted company membership asked to review, with the account behind it (its current name and e-mail). */
const reviewer = (db: Executor, membershipId: number) =>
  db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.company_id', 'm.user_id', 'm.name', 'm.email', 'u.name as user_name', 'u.email as user_email'])
    .where('m.id', '=', membershipId)
    .where('m.type', '=', 'company')
    .where('m.status', '=', 'accepted')
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * POST …/reviews: asks one member of the owner or client company to review a submitted budget. The
 * review gets a fresh link (a random token, kept only as its hash) mailed to the reviewer, with the
 * request, and the reviewer's membership is notified.
 */
export async function requestReview(services: Services, actor: Actor, projectId: number, budgetId: number, memberId: number): Promise<BudgetReview> {
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + REVIEW_LINK_LIFETIME_MS).toISOString();
  return services.db.transaction().execute(async (trx) => {
    const { access } = await budgetScope(trx, actor, projectId, budgetId);
    requireManage(access);
    const budget = await lockBudget(trx, budgetId);
    const project = access.project;
    const member = await reviewer(trx, memberId);
    if (!member || !(await projectPeopleCompanies(trx, project)).includes(member.company_id)) {
      throw badRequest(`memberId: ${REVIEWER_MESSAGE}`, [{ field: 'memberId', message: REVIEWER_MESSAGE }]);
    }
    if (budget.status !== 'submitted') throw conflict(`Only a submitted budget can be reviewed; this one is ${budget.status}`, 'ILLEGAL_TRANSITION');
    const name = member.user_name ?? member.name;
    const email = member.user_email ?? member.email;
    const pending = await trx.selectFrom('budget_reviews').select('id').where('budget_id', '=', budgetId).where('membership_id', '=', memberId).where('status', '=', 'pending').executeTakeFirst();
    if (pending) throw conflict(`${name} already has a review of this budget to decide`, 'ALREADY_REQUESTED');
    const row = (await trx
      .insertInto('budget_reviews')
      .values({
        budget_id: budgetId,
        membership_id: memberId,
        reviewer_company_id: member.company_id,
        reviewer_name: name,
        reviewer_email: email,
        status: 'pending',
        status_reason: null,
        token_hash: hashToken(token),
        token_expires_at: expiresAt,
        signature_file_id: null,
        signature_sha256: null,
        signed_at: null,
        signer_name: null,
        signer_ip: null,
        signer_user_agent: null,
        requested_by: actor.user.id,
        decided_at: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as ReviewRow;
    await recordAudit(trx, { userId: actor.user.id, companyId: project.company_id }, {
      entityType: 'budget_review',
      entityId: row.id,
      action: 'requested',
      after: { budgetId, memberId, reviewerName: name, reviewerEmail: email, reviewerCompanyId: member.company_id, linkExpiresAt: expiresAt },
    });
    const owner = await trx.selectFrom('companies').select('name').where('id', '=', project.company_id).executeTakeFirstOrThrow();
    // Queued with the review: no mail for a request that rolled back, and no request whose mail is lost.
    await services.mailer.send(
      reviewRequestMail(services.config.publicUrl, {
        to: email,
        reviewerName: name,
        requesterName: actor.user.name,
        ownerName: owner.name,
        projectName: project.project_name,
        projectCode: project.code,
        projectId: project.id,
        budgetHash: budget.public_hash,
        token,
        expiresAt,
        hasAccount: member.user_id !== null,
      }),
      { executor: trx },
    );
    await notifyReviewer(services, trx, actor.user.id, project, budgetId, row, `${actor.user.name} asks you to review the budget of ${project.project_name}`);
    return reviewView(row);
  });
}
