import { type AddPartnerBody, type PartnerType } from '../../../resources/partnership.js';
import type { CreateCompanyInput } from '../../../resources/company.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { auditedFields as companyAuditedFields, companyColumns, companyView } from '../companies/company-view.js';
import { loadCompany } from '../companies/company-service.js';
import { createDefaultRoles } from '../roles/default-roles.js';
import { auditedFields } from './partnership-query.js';
import { activeCompanyId, viewPartnership } from './partnership-service.js';

/** The client and subcontractor columns of a partnership between host and partner (null while unknown). */
export function pairOf(hostId: number, partnerId: number | null, type: PartnerType) {
  return type === 'client' ? { client_id: partnerId, subcontractor_id: hostId } : { client_id: hostId, subcontractor_id: partnerId };
}

/** 409 when the two companies already work together this way round, whoever made the partnership. */
export async function checkNotPartners(db: Executor, hostId: number, partnerId: number, type: PartnerType) {
  const pair = pairOf(hostId, partnerId, type);
  const existing = await db
    .selectFrom('partnerships')
    .select('id')
    .where('client_id', '=', pair.client_id)
    .where('subcontractor_id', '=', pair.subcontractor_id)
    .executeTakeFirst();
  if (existing) throw conflict(`This company is already your ${type}`, 'ALREADY_PARTNERS');
}

interface NewPartnership {
  hostId: number;
  partnerId: number | null;
  type: PartnerType;
  status: 'active' | 'invited';
  name: string;
  contactName: string | null;
  contactEmail: string | null;
}

/** Inserts the partnership and records it in the host's trail, and in the partner's when there is one. */
export async function insertPartnership(trx: Trx, actor: Actor, p: NewPartnership) {
  const now = nowIso();
  const { id } = await trx
    .insertInto('partnerships')
    .values({
      company_id: p.hostId,
      partner_company_id: p.partnerId,
      partner_type: p.type,
      ...pairOf(p.hostId, p.partnerId, p.type),
      status: p.status,
      name: p.name,
      contact_name: p.contactName,
      contact_email: p.contactEmail,
      created_by: actor.user.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const view = await viewPartnership(trx, id, p.hostId);
  const action = p.status === 'invited' ? 'invited' : 'created';
  await recordAudit(trx, { userId: actor.user.id, companyId: p.hostId }, { entityType: 'partnership', entityId: id, action, after: auditedFields(view) });
  if (p.partnerId !== null) {
    const theirs = await viewPartnership(trx, id, p.partnerId);
    await recordAudit(trx, { userId: actor.user.id, companyId: p.partnerId }, { entityType: 'partnership', entityId: id, action, after: auditedFields(theirs) });
  }
  return view;
}

/** POST /partnerships/add/{type}: an existing live company other than the active one, shared contact included. */
export async function addExistingPartner(services: Services, actor: Actor, type: PartnerType, body: AddPartnerBody) {
  const hostId = activeCompanyId(actor);
  const field = (message: string) => badRequest(message, [{ field: 'guestCompanyId', message }]);
  if (body.guestCompanyId === hostId) throw field(`Your company cannot be its own ${type}`);
  return services.db.transaction().execute(async (trx) => {
    const guest = await trx
      .selectFrom('companies')
      .select(['id', 'name', 'contact_name', 'contact_email'])
      .where('id', '=', body.guestCompanyId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!guest) throw field('No such company');
    await checkNotPartners(trx, hostId, guest.id, type);
    return insertPartnership(trx, actor, {
      hostId,
      partnerId: guest.id,
      type,
      status: 'active',
      name: guest.name,
      contactName: guest.contact_name,
      contactEmail: guest.contact_email,
    });
  });
}

/**
 * POST /partnerships/create/{type}: a company that is not on Fieldwork, with its default roles and
 * no members, and the partnership with it, all or nothing.
 */
export async function createPartnerCompany(services: Services, actor: Actor, type: PartnerType, body: CreateCompanyInput) {
  const hostId = activeCompanyId(actor);
  return services.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { id: companyId } = await trx
      .insertInto('companies')
      .values({
        ...companyColumns(body),
        name: body.name,
        parent_id: null,
        plan: 'free',
        settings: '{}',
        invoice_settings: '{}',
        created_by: actor.user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createDefaultRoles(trx, companyId, now);
    const company = companyView(await loadCompany(trx, companyId), '');
    await recordAudit(trx, { userId: actor.user.id, companyId }, { entityType: 'company', entityId: companyId, action: 'created', after: companyAuditedFields(company) });
    return insertPartnership(trx, actor, {
      hostId,
      partnerId: companyId,
      type,
      status: 'active',
      name: body.name,
      contactName: body.contactName,
      contactEmail: body.contactEmail,
    });
  });
}
