import { type PartnerType } from '../../../resources/partnership.js';
import type { CreateCompanyInput } from '../../../resources/company.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { insertCompany } from '../companies/company-insert.js';
import { auditedFields } from './partnership-query.js';
import { activeCompanyId, viewPartnership } from './partnership-service.js';

/** The client and subcontractor columns of a partnership between host and partner (null while unknown). */
export function pairOf(hostId: number, partnerId: number | null, type: PartnerType) {
  return type === 'client' ? { client_id: partnerId, subcontractor_id: hostId } : { client_id: hostId, subcontractor_id: partnerId };
}

/**
 * 409 when the two companies already work together this way round, or one has asked the other,
 * whoever made it. Declined and ended partnerships do not count: a company may ask again.
 */
export async function checkNotPartners(db: Executor, hostId: number, partnerId: number, type: PartnerType) {
  const pair = pairOf(hostId, partnerId, type);
  const existing = await db
    .selectFrom('partnerships')
    .select('status')
    .where('client_id', '=', pair.client_id)
    .where('subcontractor_id', '=', pair.subcontractor_id)
    .where('status', 'in', ['requested', 'active'])
    .executeTakeFirst();
  if (existing?.status === 'requested') throw conflict(`A request to work together as ${type} is already waiting for an answer`, 'ALREADY_REQUESTED');
  if (existing) throw conflict(`This company is already your ${type}`, 'ALREADY_PARTNERS');
}

interface NewPartnership {
  hostId: number;
  partnerId: number | null;
  type: PartnerType;
  status: 'active' | 'invited' | 'requested';
  name: string;
  contactName: string | null;
  contactEmail: string | null;
}

const CREATED_ACTION = { active: 'created', invited: 'invited', requested: 'requested' } as const;

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
  const action = CREATED_ACTION[p.status];
  for (const companyId of p.partnerId === null ? [p.hostId] : [p.hostId, p.partnerId]) {
    const seen = await viewPartnership(trx, id, companyId);
    await recordAudit(trx, { userId: actor.user.id, companyId: p.hostId }, { entityType: 'partnership', entityId: id, action, after: auditedFields(seen), companyId });
  }
  return viewPartnership(trx, id, p.hostId);
}

/**
 * POST /partnerships/create/{type}: a company that is not on Fieldwork, with its default roles and
 * no members, and the partnership with it, all or nothing. Active at once: the new company has
 * nobody who could answer a request.
 */
export async function createPartnerCompany(services: Services, actor: Actor, type: PartnerType, body: Omit<CreateCompanyInput, 'parentId'>) {
  const hostId = activeCompanyId(actor);
  return services.db.transaction().execute(async (trx) => {
    // A partner typed in by its host usually works where the host does.
    const timezone = body.timezone ?? (await trx.selectFrom('companies').select('timezone').where('id', '=', hostId).executeTakeFirstOrThrow()).timezone;
    const { id: companyId } = await insertCompany(trx, actor.user.id, { ...body, timezone }, null, nowIso());
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
