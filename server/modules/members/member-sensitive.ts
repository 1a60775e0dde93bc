import type { MemberDetail, MemberView } from '../../../resources/member.js';
import type { SensitiveValues } from '../../../resources/user.js';
import type { Executor } from '../../db/index.js';
import type { Actor, UserRow } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Services } from '../../services.js';
import { findUserById } from '../users/account-service.js';
import { maskedSensitive, revealSensitive } from '../users/sensitive-fields.js';
import { REVEALED } from '../users/sensitive-reveal.js';
import { loadMember } from './member-view.js';

const NONE: SensitiveValues = { ssn: null, driversLicense: null };

/** Only a person who belongs to the company (an accepted membership) shows their SSN and licence there. */
const personOf = (db: Executor, member: MemberView): Promise<UserRow> | null =>
  member.status === 'accepted' && member.userId !== null ? findUserById(db, member.userId) : null;

/** GET /memberships/{id}: the member with the person's SSN and driver's licence masked. */
export async function memberDetail(services: Services, id: number): Promise<MemberDetail> {
  const member = await loadMember(services.db, id);
  const person = await personOf(services.db, member);
  return { ...member, ...(person ? maskedSensitive(services.fieldCipher, person) : NONE) };
}

/** The whole values, for someone who manages members of that company (the route checks it); each reading goes into the company's trail. */
export function revealMemberSensitive(services: Services, actor: Actor, company: CompanyMembership, id: number): Promise<SensitiveValues> {
  return services.db.transaction().execute(async (trx) => {
    const person = await personOf(trx, await loadMember(trx, id));
    if (!person) return NONE;
    await recordAudit(trx, { userId: actor.user.id, companyId: company.companyId }, { entityType: 'membership', entityId: id, ...REVEALED });
    return revealSensitive(services.fieldCipher, person);
  });
}
