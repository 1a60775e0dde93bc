import type { InvoiceSettings } from '../../../resources/company-invoice.js';
import type { Trx } from '../../db/index.js';
import type { Services } from '../../services.js';
import { invoiceSettingsView, storedInvoiceSettings } from '../companies/invoice-settings.js';

/**
 * The company's next invoice number (its settings' prefix and next number), taken and advanced in the
 * caller's transaction. The company row is locked first on PostgreSQL (SQLite runs one write
 * transaction at a time), so two invoices never take the same number; a number already used (the
 * settings were set back) is skipped. The lock is FOR NO KEY UPDATE, the one the update of the
 * settings takes anyway: FOR UPDATE would also wait for, and queue ahead of, the key-share locks
 * every insert of a row naming the company takes (notifications, audit events, productions), so
 * while one invoice waited for the number the company's other writes waited behind it, and the soak
 * (bench/soak.ts) saw them deadlock.
 */
export async function takeInvoiceNumber(services: Services, trx: Trx, companyId: number): Promise<{ number: string; settings: InvoiceSettings }> {
  let query = trx.selectFrom('companies').select('invoice_settings').where('id', '=', companyId);
  if (services.dialect === 'postgres') query = query.forNoKeyUpdate();
  const settings = invoiceSettingsView((await query.executeTakeFirstOrThrow()).invoice_settings);
  let next = settings.nextInvoiceNumber;
  const numbered = (n: number) => `${settings.invoiceNumberPrefix}${n}`;
  while (await trx.selectFrom('invoices').select('id').where('company_id', '=', companyId).where('number', '=', numbered(next)).executeTakeFirst()) next++;
  await trx
    .updateTable('companies')
    .set({ invoice_settings: storedInvoiceSettings({ ...settings, nextInvoiceNumber: next + 1 }) })
    .where('id', '=', companyId)
    .execute();
  return { number: numbered(next), settings };
}

/** The day `days` after a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export { todayIn } from '../../../resources/time-zone.js';
