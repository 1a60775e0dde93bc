import { holds } from '../../../permissions/index.js';
import type { AddPartnerBody, DeclineInvitationBody, PartnerType } from '../../../resources/partnership.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { ROLE_COLUMNS, rolePermissions } from '../roles/role-view.js';
import { checkNotPartners, insertPartnership } from './partnership-creation.js';
import { activeCompanyId, inEveryTrail, partnershipNotFound, sideOf, viewPartnership } from './partnership-service.js';
import { changeStatus } from './partnership-states.js';
import { partnershipRequestMail } from './request-mail.js';

/** The people who may answer for a company: accepted members whose role there manages partnerships. */
async function partnershipManagers(db: Executor, companyId: number) {
  const roles = await db.selectFrom('roles').select(ROLE_COLUMNS).where('scope_type', '=', 'company').where('scope_id', '=', companyId).execute();
  const answering = roles
    .filter((r) => holds({ signedIn: true, hasMembership: true, roleName: r.name, inCrew: false, rolePermissions: rolePermissions(r), selfPermissions: [] }, 'partnerships:manage'))
    .map((r) => r.id);
  if (!answering.length) return [];
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.email', 'u.name'])
    .where('m.company_id', '=', companyId)
    .where('m.type', '=', 'company')
    .where('m.status', '=', 'accepted')
    .where('m.role_id', 'in', answering)
    .execute();
}

/**
 * POST /partnerships/add/{type}: asks an existing company to work with the active one. Nothing of
 * it is shared until it accepts: the request shows its name only. Its managers get a mail.
 */
export async function requestPartnership(services: Services, actor: Actor, type: PartnerType, body: AddPartnerBody) {
  const hostId = activeCompanyId(actor);
  const field = (message: string) => badRequest(message, [{ field: 'guestCompanyId', message }]);
  if (body.guestCompanyId === hostId) throw field(`Your company cannot be its own ${type}`);
  return services.db.transaction().execute(async (trx) => {
    const guest = await trx.selectFrom('companies').select(['id', 'name']).where('id', '=', body.guestCompanyId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!guest) throw field('No such company');
    await checkNotPartners(trx, hostId, guest.id, type);
    const view = await insertPartnership(trx, actor, { hostId, partnerId: guest.id, type, status: 'requested', name: guest.name, contactName: null, contactEmail: null });
    const host = await trx.selectFrom('companies').select('name').where('id', '=', hostId).executeTakeFirstOrThrow();
    // Queued with the request: a rolled-back request mails nobody.
    for (const manager of await partnershipManagers(trx, guest.id)) {
      await services.mailer.send(
        partnershipRequestMail(services.config.publicUrl, { to: manager.email, recipientName: manager.name, hostName: host.name, guestName: guest.name, guestType: type, partnershipId: view.id }),
        { executor: trx },
      );
    }
    return view;
  });
}

/** The request as the asked company stands in it; 404 when the active company takes no part. */
async function requestFor(db: Executor, actor: Actor, id: number) {
  const side = await sideOf(db, id, activeCompanyId(actor));
  if (!side) throw partnershipNotFound();
  return side;
}

/** PATCH /partnerships/{id}/accept: the asked company agrees; the asking one now sees its contact. */
export async function acceptRequest(services: Services, actor: Actor, id: number) {
  const companyId = activeCompanyId(actor);
  return services.db.transaction().execute(async (trx) => {
    const request = await requestFor(trx, actor, id);
    const own = await trx.selectFrom('companies').select(['contact_name', 'contact_email']).where('id', '=', companyId).executeTakeFirstOrThrow();
    await inEveryTrail(trx, { userId: actor.user.id, companyId }, id, 'accepted', () =>
      changeStatus(trx, request, 'accept', request.side, { contact_name: own.contact_name, contact_email: own.contact_email }),
    );
    return viewPartnership(trx, id, companyId);
  });
}

/** PATCH /partnerships/{id}/decline: the asked company says no, and why; both keep the declined request. */
export async function declineRequest(services: Services, actor: Actor, id: number, body: DeclineInvitationBody) {
  const companyId = activeCompanyId(actor);
  return services.db.transaction().execute(async (trx) => {
    const request = await requestFor(trx, actor, id);
    await inEveryTrail(trx, { userId: actor.user.id, companyId }, id, 'declined', () =>
      changeStatus(trx, request, 'decline', request.side, { decline_reason: body.reason }),
    );
    return viewPartnership(trx, id, companyId);
  });
}
