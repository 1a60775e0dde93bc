import { oppositeType, partnerResourceOf, type PartnerType } from '../../../resources/partnership.js';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mail.js';

/**
 * To a person who manages partnerships in the asked company: who asks, as what, and where to answer.
 * The asked company sees the asking one among its clients or subcontractors, the other way round.
 */
export function partnershipRequestMail(
  publicUrl: string,
  request: { to: string; recipientName: string; hostName: string; guestName: string; guestType: PartnerType; partnershipId: number },
): MailMessage {
  const list = partnerResourceOf(oppositeType(request.guestType));
  const link = `${publicUrl}/app/${list.name}/${request.partnershipId}`;
  const ask = `${request.hostName} asks ${request.guestName} to work with them on Fieldwork as their ${request.guestType}.`;
  const answer = `Nothing is shared until you accept. Sign in to ${request.guestName}, open ${list.label} and accept or decline the request:`;
  return {
    to: request.to,
    subject: `${request.hostName} asks ${request.guestName} to work with them as their ${request.guestType}`,
    text: [`Hello ${request.recipientName},`, ask, `${answer} ${link}`].join('\n\n'),
    html: [
      `<p>Hello ${escapeHtml(request.recipientName)},</p>`,
      `<p>${escapeHtml(ask)}</p>`,
      `<p>${escapeHtml(answer)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ].join('\n'),
  };
}
