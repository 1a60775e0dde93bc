import type { InvoiceSettings } from '../../../resources/company-invoice.js';
import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { diff, recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { loadCompany } from './company-service.js';
import { companyView } from './company-view.js';
import { invoiceSettingsView, storedInvoiceSettings } from './invoice-settings.js';

/** Replaces the company's invoice settings and answers the company; an unchanged set records nothing. */
export function saveInvoiceSettings(services: Services, actor: Actor, company: CompanyMembership, settings: InvoiceSettings) {
  const id = company.companyId;
  return services.db.transaction().execute(async (trx) => {
    const row = await loadCompany(trx, id);
    const before = invoiceSettingsView(row.invoice_settings);
    if (!Object.keys(diff(before, settings)).length) return companyView(row, company.roleName);
    await trx
      .updateTable('companies')
      .set({ invoice_settings: storedInvoiceSettings(settings), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, { userId: actor.user.id, companyId: id }, { entityType: 'company', entityId: id, action: 'updated', before, after: settings });
    return companyView(await loadCompany(trx, id), company.roleName);
  });
}
