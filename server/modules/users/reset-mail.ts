import type { MailMessage } from '../../lib/mail.js';
import { escapeHtml } from '../../lib/html.js';

/** The password reset e-mail; the link opens the client's reset-password/:token screen. */
export function resetPasswordMail(publicUrl: string, user: { name: string; email: string }, token: string): MailMessage {
  const link = `${publicUrl}/app/reset-password/${token}`;
  return {
    to: user.email,
    subject: 'Reset your Fieldwork password',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone asked to reset the password of your Fieldwork account. Open this link within an hour to choose a new one:',
      '',
      link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(user.name)},</p>`,
      '<p>Someone asked to reset the password of your Fieldwork account. Open this link within an hour to choose a new one:</p>',
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      '<p>If it was not you, ignore this e-mail: your password stays as it is.</p>',
    ].join('\n'),
  };
}
