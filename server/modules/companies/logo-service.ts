import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { storeFile } from '../../storage/file-store.js';
import { loadCompany } from './company-service.js';
import { companyView } from './company-view.js';

/** Stores the logo and points the company at it, in one transaction. */
export async function setCompanyLogo(
  services: Services,
  actor: Actor,
  company: CompanyMembership,
  upload: { filename: string; contentType: string; bytes: Buffer },
) {
  const id = company.companyId;
  return services.db.transaction().execute(async (trx) => {
    const before = await loadCompany(trx, id);
    const file = await storeFile(services, trx, { companyId: id, entityType: 'company', entityId: id, type: 'logo', uploadedBy: actor.user.id }, upload);
    await trx.updateTable('companies').set({ logo_url: file.url, updated_at: nowIso() }).where('id', '=', id).execute();
    await recordAudit(trx, { userId: actor.user.id, companyId: id }, {
      entityType: 'company',
      entityId: id,
      action: 'updated',
      before: { logoUrl: before.logo_url },
      after: { logoUrl: file.url },
    });
    return companyView(await loadCompany(trx, id), company.roleName);
  });
}
