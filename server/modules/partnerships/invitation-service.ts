import {
  INVITATION_INVALID,
  type DeclineInvitationBody,
  type InvitePartnerBody,
  type PartnershipInvitationView,
  type PartnershipStatus,
  type PartnerType,
} from '../../../resources/partnership.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { AppError, conflict } from '../../http/errors.js';
import { lookupInvitation, openInvitation, type InvitationState, type InvitationStore } from '../../lib/invitation-lookup.js';
import { nowIso } from '../../lib/json.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import { partnerInvitationMail } from './invitation-mail.js';
import { checkNotPartners, insertPartnership, pairOf } from './partnership-creation.js';
import { activeCompanyId, inEveryTrail, viewPartnership } from './partnership-service.js';
import { changeStatus } from './partnership-states.js';

/** Two weeks: long enough for a company to decide, short enough that old mail stops working. */
const INVITATION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

const invalidInvitation = () => new AppError(400, INVITATION_INVALID, 'INVALID_INVITATION');

/** POST /partnerships/invite/{type}: a pending partnership and a single-use link by e-mail. */
export async function invitePartner(services: Services, actor: Actor, type: PartnerType, body: InvitePartnerBody) {
  const hostId = activeCompanyId(actor);
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS).toISOString();
  return services.db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('partnership_invitations as i')
      .innerJoin('partnerships as p', 'p.id', 'i.partnership_id')
      .select('i.id')
      .where('p.company_id', '=', hostId)
      .where('i.guest_type', '=', type)
      .where('i.contact_email', '=', body.contactEmail)
      .where('i.status', '=', 'pending')
      .where('p.status', '=', 'invited')
      .where('i.expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (pending) throw conflict(`An invitation to ${body.contactEmail} is already waiting for an answer`, 'ALREADY_INVITED');
    const view = await insertPartnership(trx, actor, {
      hostId,
      partnerId: null,
      type,
      status: 'invited',
      name: body.name,
      contactName: body.contactName,
      contactEmail: body.contactEmail,
    });
    await trx
      .insertInto('partnership_invitations')
      .values({
        partnership_id: view.id,
        token_hash: hashToken(token),
        guest_type: type,
        contact_email: body.contactEmail,
        status: 'pending',
        expires_at: expiresAt,
        answered_at: null,
        answered_by: null,
        created_by: actor.user.id,
        created_at: now.toISOString(),
      })
      .execute();
    const host = await trx.selectFrom('companies').select('name').where('id', '=', hostId).executeTakeFirstOrThrow();
    // Queued with the invitation: no mail for a rolled-back one, and no invitation whose mail is lost.
    await services.mailer.send(
      partnerInvitationMail(services.config.publicUrl, { hostName: host.name, guestName: body.name, contactName: body.contactName, contactEmail: body.contactEmail, guestType: type, token, expiresAt }),
      { executor: trx },
    );
    return view;
  });
}

/** Partner invitations: their own row, with the partnership they are for and both companies. */
function partnerInvitations(db: Executor) {
  const find = (tokenHash: string) =>
    db
      .selectFrom('partnership_invitations as i')
      .innerJoin('partnerships as p', 'p.id', 'i.partnership_id')
      .innerJoin('companies as h', 'h.id', 'p.company_id')
      .leftJoin('companies as g', 'g.id', 'p.partner_company_id')
      .select([
        'i.id',
        'i.partnership_id',
        'i.guest_type',
        'i.status',
        'i.expires_at',
        'p.status as partnership_status',
        'p.decline_reason',
        'p.company_id as host_id',
        'p.partner_company_id',
        'p.name as guest_name',
        'p.contact_name as guest_contact_name',
        'p.contact_email as guest_contact_email',
        'h.name as host_name',
        'h.contact_name as host_contact_name',
        'h.contact_email as host_contact_email',
        'h.deleted_at as host_deleted_at',
        'g.name as partner_name',
      ])
      .where('i.token_hash', '=', tokenHash)
      .executeTakeFirst();
  type Row = NonNullable<Awaited<ReturnType<typeof find>>>;
  // A withdrawn invitation (its partnership ended before an answer) is answered too.
  const store: InvitationStore<Row> = { find, unanswered: (row) => row.status === 'pending' && row.partnership_status === 'invited', expiresAt: (row) => row.expires_at };
  return store;
}

type InvitationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof partnerInvitations>['find']>>>;

function invitationView(row: InvitationRow, state: InvitationState): PartnershipInvitationView {
  const guestType = row.guest_type as PartnerType;
  const host = { name: row.host_name, contactName: row.host_contact_name, contactEmail: row.host_contact_email, id: row.host_id };
  const guest = { name: row.partner_name ?? row.guest_name, contactName: row.guest_contact_name, contactEmail: row.guest_contact_email, id: row.partner_company_id };
  const [client, subcontractor] = guestType === 'client' ? [guest, host] : [host, guest];
  const answered = row.status === 'pending' ? 'withdrawn' : (row.status as 'accepted' | 'declined');
  return {
    clientName: client.name,
    clientContactName: client.contactName,
    clientContactEmail: client.contactEmail,
    subcontractorName: subcontractor.name,
    subcontractorContactName: subcontractor.contactName,
    subcontractorContactEmail: subcontractor.contactEmail,
    clientId: client.id,
    subcontractorId: subcontractor.id,
    guestType,
    status: state === 'open' ? 'pending' : state === 'expired' ? 'expired' : answered,
    declineReason: row.decline_reason,
    expiresAt: row.expires_at,
  };
}

/** GET /partnerships/invitations/{token}: public, the token is the secret; answered ones say how. */
export async function invitationDetails(services: Services, token: string) {
  const found = await lookupInvitation(partnerInvitations(services.db), token);
  if (!found || found.row.host_deleted_at) throw new AppError(404, INVITATION_INVALID, 'NOT_FOUND');
  return invitationView(found.row, found.state);
}

/** The invitation while it can be answered, from within the answering transaction; a 400 otherwise. */
async function requireOpen(db: Executor, token: string) {
  const row = await openInvitation(partnerInvitations(db), token);
  if (!row || row.host_deleted_at) throw invalidInvitation();
  return row;
}

/** Marks a still-pending invitation answered; a concurrent answer that came first makes this one invalid. */
async function answer(db: Executor, row: InvitationRow, set: { status: 'accepted' | 'declined'; answered_by: number | null }) {
  const result = await db
    .updateTable('partnership_invitations')
    .set({ ...set, answered_at: nowIso() })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw invalidInvitation();
}

const invited = (row: InvitationRow) => ({ id: row.partnership_id, status: row.partnership_status as PartnershipStatus });

/** PATCH …/accept: the active company becomes the partner (the inviting company may not: 403). */
export async function acceptInvitation(services: Services, actor: Actor, token: string) {
  const companyId = activeCompanyId(actor);
  return services.db.transaction().execute(async (trx) => {
    const row = await requireOpen(trx, token);
    const side = row.host_id === companyId ? 'host' : 'partner';
    const type = row.guest_type as PartnerType;
    if (side === 'partner') await checkNotPartners(trx, row.host_id, companyId, type);
    await inEveryTrail(trx, { userId: actor.user.id, companyId }, row.partnership_id, 'accepted', async () => {
      await changeStatus(trx, invited(row), 'accept', side, { partner_company_id: companyId, ...pairOf(row.host_id, companyId, type) });
      await answer(trx, row, { status: 'accepted', answered_by: actor.user.id });
    });
    return viewPartnership(trx, row.partnership_id, companyId);
  });
}

/** PATCH …/decline: anyone holding the link; the reason is kept with the partnership for the host to read. */
export async function declineInvitation(services: Services, actor: Actor | null, token: string, body: DeclineInvitationBody) {
  return services.db.transaction().execute(async (trx) => {
    const row = await requireOpen(trx, token);
    await inEveryTrail(trx, { userId: actor?.user.id ?? null, companyId: row.host_id }, row.partnership_id, 'declined', async () => {
      await changeStatus(trx, invited(row), 'decline', 'partner', { decline_reason: body.reason });
      await answer(trx, row, { status: 'declined', answered_by: actor?.user.id ?? null });
    });
    const found = await lookupInvitation(partnerInvitations(trx), token);
    return invitationView(found!.row, found!.state);
  });
}
