import type { ChangeOrderMove, ChangeOrderStatus } from '../../../resources/budget.js';
import type { DocumentTurn } from '../../../resources/client-decision.js';
import type { Executor } from '../../db/index.js';
import { defaultClientContact, hasActiveMembers, type ClientContact } from '../../lib/client-contact.js';
import type { ProjectRow } from '../projects/project-access.js';
import { deciderCompanyId, mayDecide, type BudgetScope } from './change-order-scope.js';

/**
 * Who decides a change order, seen from the issuer: a platform company (the client, or the parent
 * project's owner) whose people sign in, the same without anyone who can sign in (it decides through
 * the mailed link, or the issuer records its decision), a client typed on the project (the same,
 * the issuer deciding on its behalf), or nobody but the issuer itself (a project with no client).
 */
export interface DecidingParty {
  companyId: number;
  name: string;
  /** A project of the issuer's own, without a client: the issuer decides, no mail goes out. */
  self: boolean;
  /** A client typed on the project (a name or an e-mail, no company on the platform). */
  typed: boolean;
  /** Sending needs a contact to mail: nobody of the deciding company can sign in, or it is typed. */
  contactRequired: boolean;
}

type PartyScope = { project: ProjectRow; parentOwnerId: number | null };

export async function decidingParty(db: Executor, scope: PartyScope, requestFromParent: boolean | number): Promise<DecidingParty> {
  const { project, parentOwnerId } = scope;
  const companyId = deciderCompanyId(project, parentOwnerId, requestFromParent);
  const ownDecision = companyId === project.company_id;
  const typed = ownDecision && project.client_id === null && !!(project.client_name || project.client_email);
  const self = ownDecision && !typed;
  const company = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow();
  const name = typed ? (project.client_name ?? project.client_email!) : company.name;
  const contactRequired = typed || (!self && !(await hasActiveMembers(db, companyId)));
  return { companyId, name, self, typed, contactRequired };
}

/** The contact a change order goes to: the one set on it, else the default for its deciding party; none for the issuer's own decision. */
export async function changeOrderContact(
  db: Executor,
  scope: PartyScope,
  party: DecidingParty,
  co: { contact_email: string | null; contact_name: string | null },
): Promise<ClientContact | null> {
  if (co.contact_email) return { email: co.contact_email, name: co.contact_name };
  if (party.self) return null;
  return defaultClientContact(db, { issuerCompanyId: scope.project.company_id, clientCompanyId: party.typed ? null : party.companyId, project: scope.project });
}

/** Whose move a change order is: the deciding party once sent (where the link went, when), the issuer once sent back. */
export function changeOrderTurn(
  status: ChangeOrderStatus,
  party: DecidingParty,
  issuerName: string,
  sent: { sentAt: string | null; link: { contact_email: string; created_at: string } | undefined },
): DocumentTurn | null {
  if (status === 'sent') {
    return {
      waitingOn: party.self ? 'issuer' : 'client',
      partyName: party.name,
      contactEmail: sent.link?.contact_email ?? null,
      sentAt: sent.link?.created_at ?? sent.sentAt,
    };
  }
  if (status === 'rejected') return { waitingOn: 'issuer', partyName: issuerName, contactEmail: null, sentAt: null };
  return null;
}

/**
 * What the caller may do now. The issuer (projects:manage in the company that runs the project)
 * edits, sends and deletes drafts and sent-back ones, changes the contact until it is accepted, and
 * once sent to someone else mails it again or records their decision. The deciding company's people
 * accept or send it back signed in; for a client typed on the project the issuer records instead.
 */
export function changeOrderMoves(
  status: ChangeOrderStatus,
  scope: Pick<BudgetScope, 'access' | 'parentOwnerId'>,
  requestFromParent: boolean | number,
  party: DecidingParty,
  hasContact: boolean,
): ChangeOrderMove[] {
  const manage = scope.access.canManage;
  const moves: ChangeOrderMove[] = [];
  const editable = status === 'draft' || status === 'rejected';
  if (manage && editable) moves.push('edit', 'send');
  if (manage && status === 'sent' && !party.self && hasContact) moves.push('resend');
  if (manage && status !== 'accepted' && !party.self) moves.push('changeContact');
  if (manage && status === 'sent' && !party.self) moves.push('recordDecision');
  if (status === 'sent' && !party.typed && mayDecide(scope, requestFromParent)) moves.push('accept', 'sendBack');
  if (manage && editable) moves.push('delete');
  return moves;
}
