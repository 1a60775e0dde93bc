import { CLIENT_DECISION_MESSAGES } from '../../../resources/client-decision.js';
import type { Executor } from '../../db/index.js';
import { conflict } from '../../http/errors.js';
import { defaultClientContact, hasActiveMembers, type ClientContact } from '../../lib/client-contact.js';
import type { InvoiceRow } from './invoice-scope.js';

type ContactRow = Pick<InvoiceRow, 'company_id' | 'client_id' | 'project_id' | 'contact_email' | 'contact_name'>;

/** Where the invoice is mailed: the contact set on it, else the default one; null when none is known. */
export async function invoiceContact(db: Executor, row: ContactRow): Promise<ClientContact | null> {
  if (row.contact_email) return { email: row.contact_email, name: row.contact_name };
  const project = await db.selectFrom('projects').select(['client_id', 'client_name', 'client_email']).where('id', '=', row.project_id).executeTakeFirstOrThrow();
  return defaultClientContact(db, { issuerCompanyId: row.company_id, clientCompanyId: row.client_id, project });
}

/** Whether nobody at the billed company can decide signed in: then only a mailed link (or a recorded decision) can. */
export async function contactRequired(db: Executor, row: Pick<InvoiceRow, 'client_id'>): Promise<boolean> {
  return row.client_id === null || !(await hasActiveMembers(db, row.client_id));
}

/** The contact a sending goes to; 409 when one is needed and none is known, before anything changes. */
export async function sendingContact(db: Executor, row: ContactRow): Promise<ClientContact | null> {
  const contact = await invoiceContact(db, row);
  if (!contact && (await contactRequired(db, row))) throw conflict(CLIENT_DECISION_MESSAGES.noContact, 'NO_CONTACT');
  return contact;
}
