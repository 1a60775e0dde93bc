import { buffer } from 'node:stream/consumers';
import type { FastifyReply } from 'fastify';
import { e3ToPercent } from '../../../resources/money.js';
import { dayIn } from '../../../resources/time-zone.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import { documentHeaderOf } from '../../lib/document-header.js';
import type { Services } from '../../services.js';
import type { ProjectRow } from '../projects/project-access.js';
import { budgetFigures, itemLines } from './budget-figures.js';
import { signedLink } from './external-link.js';
import { budgetScope, type BudgetRow } from './review-scope.js';
import { signedBudgetPdf, type SignedReview } from './signed-pdf.js';

/** The reviews of the approval round: those asked for since the budget was last submitted. */
async function roundReviews(db: Executor, budget: BudgetRow) {
  let query = db
    .selectFrom('budget_reviews as r')
    .innerJoin('companies as c', 'c.id', 'r.reviewer_company_id')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .leftJoin('files as f', 'f.id', 'r.signature_file_id')
    .selectAll('r')
    .select(['c.name as company_name', 'u.name as requested_by_name', 'f.object_name as signature_object'])
    .where('r.budget_id', '=', budget.id)
    .orderBy('r.id');
  if (budget.submitted_at) query = query.where('r.created_at', '>=', budget.submitted_at);
  return query.execute();
}

async function signatureBytes(services: Services, objectName: string | null): Promise<Uint8Array | null> {
  if (!objectName) return null;
  const stream = await services.storage.read(objectName);
  return stream ? new Uint8Array(await buffer(stream)) : null;
}

/** The project's own code, as a file name may hold it. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'budget';

/**
 * The signed budget as a PDF attachment named Budget_{projectCode}_{YYYYMMDD}.pdf (the day it was
 * approved, in the project's time zone). Only an approved budget has one (409 otherwise).
 */
async function sendSignedPdf(services: Services, reply: FastifyReply, project: ProjectRow, budget: BudgetRow) {
  if (budget.status !== 'approved' || !budget.approved_at) throw conflict('The budget has no signed version until it is approved', 'NOT_APPROVED');
  const db = services.db;
  const [lines, reviews, header] = await Promise.all([itemLines(db, budget.id), roundReviews(db, budget), documentHeaderOf(services, db, project, 'Signed budget')]);
  const figures = await budgetFigures(db, budget);
  const signed: SignedReview[] = await Promise.all(
    reviews.map(async (r) => ({
      id: r.id,
      reviewerName: r.reviewer_name,
      reviewerEmail: r.reviewer_email,
      // A contact of a client typed on the project is asked under the owner company: its name is the client's.
      reviewerCompany: r.membership_id === null && r.reviewer_company_id === project.company_id && project.client_name ? project.client_name : r.company_name,
      status: r.status,
      statusReason: r.status_reason,
      requestedBy: r.requested_by_name,
      requestedAt: r.created_at,
      decidedAt: r.decided_at,
      signedAt: r.signed_at,
      signerName: r.signer_name,
      signerIp: r.signer_ip,
      signerUserAgent: r.signer_user_agent,
      signatureSha256: r.signature_sha256,
      signature: r.status === 'approved' ? await signatureBytes(services, r.signature_object) : null,
    })),
  );
  const pdf = await signedBudgetPdf({
    header,
    project: { name: project.project_name, code: project.code, timezone: project.timezone },
    ownerName: header.issuerName,
    approvedAt: budget.approved_at,
    submittedAt: budget.submitted_at,
    retainagePercent: e3ToPercent(budget.retainage_e3),
    profitabilityPercent: e3ToPercent(budget.profitability_e3),
    figures,
    lines,
    reviews: signed,
    generatedAt: new Date().toISOString(),
  });
  const filename = `Budget_${fileSafe(project.code)}_${dayIn(budget.approved_at, project.timezone).replaceAll('-', '')}.pdf`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .header('content-length', String(pdf.length))
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.length));
}

/** GET …/budgets/{budgetId}/pdf: any company related to the project. */
export async function budgetPdf(services: Services, actor: Actor, reply: FastifyReply, projectId: number, budgetId: number) {
  const { access, budget } = await budgetScope(services.db, actor, projectId, budgetId);
  return sendSignedPdf(services, reply, access.project, budget);
}

/** GET /public/budget-review/{budgetHash}/{reviewHash}/pdf: the external reviewer, for a while after signing. */
export async function externalPdf(services: Services, reply: FastifyReply, budgetHash: string, reviewHash: string) {
  const { budget } = await signedLink(services.db, budgetHash, reviewHash);
  const project = (await services.db.selectFrom('projects').selectAll().where('id', '=', budget.project_id).executeTakeFirstOrThrow()) as ProjectRow;
  return sendSignedPdf(services, reply, project, budget);
}
