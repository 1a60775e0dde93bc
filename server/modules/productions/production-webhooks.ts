import type { Executor } from '../../db/index.js';
import { queueWebhookEvent, type WebhookServices } from '../../lib/webhooks/deliveries.js';
import type { ProjectRow } from '../projects/project-access.js';
import type { Production } from '../../../resources/production.js';
import type { ProductionRow } from './production-access.js';
import { reviewingCompanies } from './production-notify.js';
import { loadProduction } from './production-view.js';

/** A production as a member of its company sees it with no right to act on it: what a webhook carries. */
const asSeenByNobody = (p: Production): Production => ({ ...p, planSheets: [], canEdit: false, canSubmit: false, canReview: false, canAmend: false });

/**
 * A production submitted, approved or rejected, to the webhooks of the companies that review it (its
 * producer, and the project's owner when a subcontractor produced), each given the production as GET
 * /production/{id} answers a member of that company (without the caller's own can* flags: nobody acts).
 * `seen` is the production as the acting company's member sees it after the change (the request's own
 * answer): that company's payload is made from it rather than read again inside the transaction.
 */
export async function queueProductionWebhook(
  services: WebhookServices,
  db: Executor,
  event: 'production.submitted' | 'production.approved' | 'production.rejected',
  production: Pick<ProductionRow, 'id' | 'company_id' | 'project_id'>,
  project: Pick<ProjectRow, 'company_id'>,
  seen: { companyId: number; production: Production },
) {
  await queueWebhookEvent(services, db, {
    event,
    companyIds: reviewingCompanies(production, project),
    ids: { productionId: production.id, projectId: production.project_id },
    data: async (companyId) =>
      asSeenByNobody(companyId === seen.companyId ? seen.production : await loadProduction(db, { companyId, canManage: false, mayReview: false }, production.id)),
  });
}
