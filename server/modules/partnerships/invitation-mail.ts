import type { PartnerType } from '../../../resources/partnership.js';
import type { MailMessage } from '../../lib/mail.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The client's partner-invitation pages for a token; the type is what the guest is invited as. */
export function invitationLinks(publicUrl: string, token: string, guestType: PartnerType) {
  const base = `${publicUrl}/app/partner-invitation/${encodeURIComponent(token)}/${guestType}`;
  return { accept: `${base}/accept`, decline: `${base}/decline` };
}

export function partnerInvitationMail(
  publicUrl: string,
  invite: { hostName: string; guestName: string; contactName: string; contactEmail: string; guestType: PartnerType; token: string; expiresAt: string },
): MailMessage {
  const { accept, decline } = invitationLinks(publicUrl, invite.token, invite.guestType);
  const until = new Date(invite.expiresAt).toUTCString();
  const lines = [
    `Hello ${invite.contactName},`,
    `${invite.hostName} invites ${invite.guestName} to work with them on Fieldwork as their ${invite.guestType}.`,
    `To accept, sign in (or create an account and your company) and open: ${accept}`,
    `To decline, open this link and tell them why: ${decline}`,
    `The invitation can be answered once, until ${until}.`,
  ];
  return {
    to: invite.contactEmail,
    subject: `${invite.hostName} invites ${invite.guestName} to Fieldwork as their ${invite.guestType}`,
    text: lines.join('\n\n'),
    html: [
      `<p>Hello ${escapeHtml(invite.contactName)},</p>`,
      `<p>${escapeHtml(invite.hostName)} invites ${escapeHtml(invite.guestName)} to work with them on Fieldwork as their ${invite.guestType}.</p>`,
      `<p><a href="${escapeHtml(accept)}">Accept the invitation</a> (sign in, or create an account and your company, first)</p>`,
      `<p><a href="${escapeHtml(decline)}">Decline the invitation</a></p>`,
      `<p>The invitation can be answered once, until ${escapeHtml(until)}.</p>`,
    ].join('\n'),
  };
}
