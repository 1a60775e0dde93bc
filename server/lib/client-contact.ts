import type { Executor } from '../db/index.js';

export interface ClientContact {
  email: string;
  name: string | null;
}

/**
 * Where a document for a client goes when the issuer has not named a contact on it: the contact of
 * the partnership between the two companies (what the issuer typed when it added the client), else
 * the client company's own contact, else, for a client typed on the project, the project's client
 * e-mail. Null when none is known: the issuer must type one before sending.
 */
export async function defaultClientContact(
  db: Executor,
  input: { issuerCompanyId: number; clientCompanyId: number | null; project: { client_id: number | null; client_name: string | null; client_email: string | null } },
): Promise<ClientContact | null> {
  const clientId = input.clientCompanyId;
  if (clientId !== null) {
    const partnership = await db
      .selectFrom('partnerships')
      .select(['contact_email', 'contact_name'])
      .where('status', 'not in', ['declined', 'ended'])
      .where('contact_email', 'is not', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('company_id', '=', input.issuerCompanyId), eb('partner_company_id', '=', clientId)]),
          eb.and([eb('company_id', '=', clientId), eb('partner_company_id', '=', input.issuerCompanyId)]),
        ]),
      )
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (partnership?.contact_email) return { email: partnership.contact_email, name: partnership.contact_name };
    const company = await db.selectFrom('companies').select(['contact_email', 'contact_name']).where('id', '=', clientId).executeTakeFirst();
    if (company?.contact_email) return { email: company.contact_email, name: company.contact_name };
    if (input.project.client_id !== clientId) return null;
  }
  return input.project.client_email ? { email: input.project.client_email, name: input.project.client_name } : null;
}

/** Whether a company has anyone who can sign in and decide: without one, its decisions come through links or are recorded. */
export async function hasActiveMembers(db: Executor, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('id')
    .where('company_id', '=', companyId)
    .where('type', '=', 'company')
    .where('status', '=', 'accepted')
    .where('user_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
