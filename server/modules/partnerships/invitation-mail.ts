import type { PartnerType } from '../../../resources/partnership.js';
import type { MailMessage } from '../../lib/mail.js';
import { escapeHtml } from '../../lib/html.js';

/** The client's partner-invitation pages for a token; the type is what the guest is invited as. */
export function invitationLinks(publicUrl: string, token: string, guestType: PartnerType) {
  const path = `/partner-invitation/${encodeURIComponent(token)}/${guestType}`;
  return {
    accept: `${publicUrl}/app${path}/accept`,
    decline: `${publicUrl}/app${path}/decline`,
    // Sign-in that comes back to the accept page, for contacts who already have an account.
    signIn: `${publicUrl}/app/login?returnTo=${encodeURIComponent(`${path}/accept`)}`,
  };
}

export function partnerInvitationMail(
  publicUrl: string,
  invite: { hostName: string; guestName: string; contactName: string; contactEmail: string; guestType: PartnerType; token: string; expiresAt: string },
): MailMessage {
  const { accept, decline, signIn } = invitationLinks(publicUrl, invite.token, invite.guestType);
  const until = new Date(invite.expiresAt).toUTCString();
  const lines = [
    `Hello ${invite.contactName},`,
    `${invite.hostName} invites ${invite.guestName} to work with them on Fieldwork as their ${invite.guestType}.`,
    `To accept, open: ${accept}`,
    `Already on Fieldwork? Sign in and you will be taken there: ${signIn}`,
    'New to Fieldwork? Create your account and your company first, then open the accept link again.',
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
      `<p><a href="${escapeHtml(accept)}">Accept the invitation</a></p>`,
      `<p>Already on Fieldwork? <a href="${escapeHtml(signIn)}">Sign in</a> and you will be taken there. New to Fieldwork? Create your account and your company first, then open the accept link again.</p>`,
      `<p><a href="${escapeHtml(decline)}">Decline the invitation</a></p>`,
      `<p>The invitation can be answered once, until ${escapeHtml(until)}.</p>`,
    ].join('\n'),
  };
}
