import type { Executor } from '../../db/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { ProductionScope } from './production-access.js';

/** Every event of a production is recorded on the production, in the producer's trail, so its activity shows them all. */
export async function auditProduction(db: Executor, scope: Pick<ProductionScope, 'userId' | 'production'>, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  await recordAudit(db, { userId: scope.userId, companyId: scope.production.company_id }, {
    entityType: 'production',
    entityId: scope.production.id,
    action,
    before,
    after,
    companyId: scope.production.company_id,
  });
}
