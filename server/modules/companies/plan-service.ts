import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { loadCompany } from './company-service.js';

export const PLANS = ['free', 'paid'] as const;
export type Plan = (typeof PLANS)[number];

/**
 * Sets a company's plan. There is no payment provider: the operator switches plans (scripts/set-plan.ts),
 * so the change is recorded with no acting user.
 */
export function setCompanyPlan(services: Services, companyId: number, plan: Plan) {
  return services.db.transaction().execute(async (trx) => {
    const before = await loadCompany(trx, companyId);
    if (before.plan === plan) return { changed: false, name: before.name };
    await trx.updateTable('companies').set({ plan, updated_at: nowIso() }).where('id', '=', companyId).execute();
    await recordAudit(trx, { userId: null, companyId }, { entityType: 'company', entityId: companyId, action: 'updated', before: { plan: before.plan }, after: { plan } });
    return { changed: true, name: before.name };
  });
}
