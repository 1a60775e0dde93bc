import type { MailMessage } from '../../lib/mail.js';
import { escapeHtml } from '../../lib/html.js';

export interface InvitationMailInput {
  publicUrl: string;
  token: string;
  companyId: number;
  companyName: string;
  inviterName: string | null;
  name: string;
  email: string;
  /** An account with the e-mail exists: the link signs in rather than signs up. */
  hasAccount: boolean;
}

/**
 * Accept leads to sign-in (existing account) or sign-up (new person); both carry the whole invitation,
 * so switching between the two pages keeps it. Decline needs no account.
 */
export function invitationLinks(i: Pick<InvitationMailInput, 'publicUrl' | 'token' | 'companyId' | 'email' | 'hasAccount'>) {
  const params = new URLSearchParams({ invitationToken: i.token, invitationType: 'members', companyId: String(i.companyId), email: i.email });
  return {
    accept: `${i.publicUrl}/app/${i.hasAccount ? 'login' : 'register/account'}?${params}`,
    decline: `${i.publicUrl}/app/member-invitation/${encodeURIComponent(i.token)}/decline`,
  };
}

export function invitationMail(i: InvitationMailInput): MailMessage {
  const { accept, decline } = invitationLinks(i);
  const who = i.inviterName ? `${i.inviterName} invited you` : 'You are invited';
  const intro = `${who} to join ${i.companyName} on Fieldwork.`;
  const how = i.hasAccount ? 'Sign in with your account to accept:' : 'Create your account to accept:';
  return {
    to: i.email,
    subject: `Join ${i.companyName} on Fieldwork`,
    text: [`Hello ${i.name},`, '', intro, '', how, accept, '', 'Not for you? Decline the invitation:', decline, '', 'The invitation is valid for 14 days.'].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(i.name)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(how)}<br><a href="${escapeHtml(accept)}">Accept the invitation</a></p>`,
      `<p>Not for you? <a href="${escapeHtml(decline)}">Decline the invitation</a></p>`,
      '<p>The invitation is valid for 14 days.</p>',
    ].join('\n'),
  };
}
