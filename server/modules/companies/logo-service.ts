import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { storeUpload, type Upload } from '../../storage/file-store.js';
import { loadCompany, logoOwner } from './company-service.js';
import { companyView } from './company-view.js';

/** Stores the logo and points the company at it, in one transaction; the old logo file goes. */
export async function setCompanyLogo(services: Services, actor: Actor, company: CompanyMembership, upload: Upload) {
  const id = company.companyId;
  return storeUpload(services, { ...logoOwner(id), companyId: id, uploadedBy: actor.user.id }, upload, async (trx, file, files) => {
    const before = await loadCompany(trx, id);
    await trx.updateTable('companies').set({ logo_url: file.url, updated_at: nowIso() }).where('id', '=', id).execute();
    await files.release(logoOwner(id), { url: before.logo_url });
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
