import { formatMoney } from '../../../resources/money.js';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mail.js';

/** The public page that decides one invoice through its link. */
export const invoiceDecideUrl = (publicUrl: string, token: string) => `${publicUrl}/app/decide/invoice/${encodeURIComponent(token)}`;

export interface InvoiceMailInput {
  to: string;
  contactName: string | null;
  issuerName: string;
  senderName: string;
  number: string;
  projectName: string;
  projectCode: string;
  /** Decimal text, as the invoice answers it. */
  due: string;
  dueDate: string | null;
  token: string;
  expiresAt: string;
  attachment: { fileId: number; filename: string };
  /** A mail sent again: the earlier link no longer works. */
  again: boolean;
}

const usDay = (day: string) => new Date(`${day.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The invoice mailed to the client's contact: what is due and when, the PDF attached, and the link to approve or reject it without an account. */
export function invoiceMail(publicUrl: string, m: InvoiceMailInput): MailMessage {
  const link = invoiceDecideUrl(publicUrl, m.token);
  const amount = formatMoney(m.due);
  const due = m.dueDate ? `, due ${usDay(m.dueDate)}` : '';
  const until = usDay(m.expiresAt);
  const project = `${m.projectName} (${m.projectCode})`;
  const intro = `${m.senderName} of ${m.issuerName} sends you invoice ${m.number} for ${project}: ${amount}${due}. The invoice is attached as a PDF.`;
  const ask = 'Open the invoice to approve it, or to reject it with a reason; no account is needed.';
  const expiry = `The link is yours alone, works once, and works until ${until}.${m.again ? ' Any earlier link to this invoice no longer works.' : ''}`;
  return {
    to: m.to,
    subject: `Invoice ${m.number} from ${m.issuerName}`,
    text: [`Hello ${m.contactName ?? m.to},`, intro, `${ask}\n${link}`, expiry].join('\n\n'),
    html: [
      `<p>Hello ${escapeHtml(m.contactName ?? m.to)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><strong>Amount due: ${escapeHtml(amount)}</strong>${escapeHtml(due)}</p>`,
      `<p><a href="${escapeHtml(link)}">Approve or reject invoice ${escapeHtml(m.number)}</a> (a reason is asked to reject it); no account is needed.</p>`,
      `<p>${escapeHtml(expiry)}</p>`,
    ].join('\n'),
    attachments: [m.attachment],
  };
}
