import { changeOrderDecisionPage } from '../../../resources/change-order-client.js';
import { formatMoney } from '../../../resources/money.js';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mail.js';

export interface ChangeOrderMailInput {
  to: string;
  contactName: string | null;
  senderName: string;
  issuerName: string;
  projectName: string;
  projectCode: string;
  number: number;
  itemName: string;
  /** Signed, in cents: what the item's amount changes by. */
  amountChangeCents: bigint;
  token: string;
  expiresAt: string;
  pdf: { fileId: number; filename: string };
  /** Sent again: the earlier link no longer works. */
  again: boolean;
}

/** The mail that carries a change order to the client's contact: the PDF attached, and the link to accept it or send it back without an account. */
export function changeOrderMail(publicUrl: string, m: ChangeOrderMailInput): MailMessage {
  const link = changeOrderDecisionPage(publicUrl, m.token);
  const until = new Date(m.expiresAt).toUTCString();
  const project = `${m.projectName} (${m.projectCode})`;
  const change = `${m.amountChangeCents > 0n ? '+' : ''}${formatMoney(m.amountChangeCents)}`;
  const intro = `${m.senderName} of ${m.issuerName} sends you change order #${m.number} on ${m.itemName} for ${project}: the amount changes by ${change}. The change order is attached as a PDF.`;
  const lines = [
    `Hello${m.contactName ? ` ${m.contactName}` : ''},`,
    intro,
    `Accept it, or send it back with a message, without an account: ${link}`,
    ...(m.again ? ['This replaces the link sent earlier, which no longer works.'] : []),
    `The link works once, until ${until}.`,
  ];
  return {
    to: m.to,
    subject: `Change order #${m.number} for ${m.projectName}: your decision`,
    text: lines.join('\n\n'),
    html: [
      `<p>Hello${m.contactName ? ` ${escapeHtml(m.contactName)}` : ''},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(link)}">Accept or send back change order #${m.number}</a>, without an account.</p>`,
      ...(m.again ? ['<p>This replaces the link sent earlier, which no longer works.</p>'] : []),
      `<p>The link works once, until ${escapeHtml(until)}.</p>`,
    ].join('\n'),
    attachments: [m.pdf],
  };
}
