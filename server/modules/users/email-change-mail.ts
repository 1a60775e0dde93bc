import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mail.js';
import { EMAIL_CHANGE } from '../../../resources/user.js';

/** To the new address: the link that makes it the account's e-mail. */
export function confirmEmailMail(publicUrl: string, user: { name: string }, newEmail: string, token: string): MailMessage {
  const link = `${publicUrl}/app/confirm-email?token=${encodeURIComponent(token)}`;
  const intro = `Open this link within ${EMAIL_CHANGE.lifetimeHours} hours to make ${newEmail} the e-mail you sign in to Fieldwork with:`;
  const outro = 'If you did not ask for this, ignore this e-mail: nothing changes.';
  return {
    to: newEmail,
    subject: 'Confirm your new Fieldwork e-mail',
    text: [`Hello ${user.name},`, '', intro, '', link, '', outro].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(user.name)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(outro)}</p>`,
    ].join('\n'),
  };
}

/** To the old address: someone with the password asked to move the account elsewhere. */
export function emailChangeNoticeMail(user: { name: string; email: string }, newEmail: string): MailMessage {
  const body = `Someone signed in to your Fieldwork account asked to change its e-mail from ${user.email} to ${newEmail}. The change happens only when the link sent to ${newEmail} is opened.`;
  const advice = 'If it was not you, change your password now: that cancels the change and signs out every other session.';
  return {
    to: user.email,
    subject: 'Your Fieldwork e-mail is about to change',
    text: [`Hello ${user.name},`, '', body, '', advice].join('\n'),
    html: [`<p>Hello ${escapeHtml(user.name)},</p>`, `<p>${escapeHtml(body)}</p>`, `<p>${escapeHtml(advice)}</p>`].join('\n'),
  };
}
