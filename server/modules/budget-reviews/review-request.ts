import type { BudgetReview, RequestReviewInput } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import type { ProjectRow } from '../projects/project-access.js';
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

/** Who is asked: a member of the project's people, or the client's contact (no account). */
interface Reviewer {
  membershipId: number | null;
  companyId: number;
  userId: number | null;
  name: string;
  email: string;
}

const CONTACT_MESSAGE = 'This project has no client whose contact could review';

/** The member asked, with their current name and e-mail, or 400. */
async function memberReviewer(db: Executor, project: ProjectRow, memberId: number): Promise<Reviewer> {
  const member = await reviewer(db, memberId);
  if (!member || !(await projectPeopleCompanies(db, project)).includes(member.company_id)) {
    throw badRequest(`memberId: ${REVIEWER_MESSAGE}`, [{ field: 'memberId', message: REVIEWER_MESSAGE }]);
  }
  return { membershipId: member.id, companyId: member.company_id, userId: member.user_id, name: member.user_name ?? member.name, email: member.user_email ?? member.email };
}

/**
 * The client's contact, as typed in the request: a review of the client company, or, for a client
 * typed on the project, of the owner company (the review row needs a company; nobody of it can
 * decide the review signed in, since it names no membership). A project without a client is a 400.
 */
function contactReviewer(project: ProjectRow, contact: { email: string; name: string | null }): Reviewer {
  const companyId = project.client_id ?? (project.client_name || project.client_email ? project.company_id : null);
  if (companyId === null) throw badRequest(`contactEmail: ${CONTACT_MESSAGE}`, [{ field: 'contactEmail', message: CONTACT_MESSAGE }]);
  return { membershipId: null, companyId, userId: null, name: contact.name ?? contact.email, email: contact.email };
}

/**
 * POST …/reviews: asks one member of the owner or client company, or the client's contact, to review
 * a submitted budget. The review gets a fresh link (a random token, kept only as its hash) mailed to
 * the reviewer, with the request, and a member's membership is notified.
 */
export async function requestReview(services: Services, actor: Actor, projectId: number, budgetId: number, body: RequestReviewInput): Promise<BudgetReview> {
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + REVIEW_LINK_LIFETIME_MS).toISOString();
  return services.db.transaction().execute(async (trx) => {
    const { access } = await budgetScope(trx, actor, projectId, budgetId);
    requireManage(access);
    const budget = await lockBudget(trx, budgetId);
    const project = access.project;
    const asked =
      body.memberId !== undefined ? await memberReviewer(trx, project, body.memberId) : contactReviewer(project, { email: body.contactEmail!, name: body.contactName });
    if (budget.status !== 'submitted') throw conflict(`Only a submitted budget can be reviewed; this one is ${budget.status}`, 'ILLEGAL_TRANSITION');
    const { name, email } = asked;
    let pendingQuery = trx.selectFrom('budget_reviews').select('id').where('budget_id', '=', budgetId).where('status', '=', 'pending');
    pendingQuery = asked.membershipId !== null ? pendingQuery.where('membership_id', '=', asked.membershipId) : pendingQuery.where('membership_id', 'is', null).where('reviewer_email', '=', email);
    if (await pendingQuery.executeTakeFirst()) throw conflict(`${name} already has a review of this budget to decide`, 'ALREADY_REQUESTED');
    const row = (await trx
      .insertInto('budget_reviews')
      .values({
        budget_id: budgetId,
        membership_id: asked.membershipId,
        reviewer_company_id: asked.companyId,
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
      after: { budgetId, memberId: asked.membershipId, reviewerName: name, reviewerEmail: email, reviewerCompanyId: asked.companyId, linkExpiresAt: expiresAt },
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
        hasAccount: asked.userId !== null,
      }),
      { executor: trx },
    );
    await notifyReviewer(services, trx, actor.user.id, project, budgetId, row, `${actor.user.name} asks you to review the budget of ${project.project_name}`);
    return reviewView(row);
  });
}
