import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../lib/mail.js';

/** The external review page for one review: `action` opens it with that dialog (review, approve, reject). */
export function reviewLinks(publicUrl: string, projectId: number, budgetHash: string, token: string) {
  const base = `${publicUrl}/app/projects/${projectId}/budget/${encodeURIComponent(budgetHash)}/review/${encodeURIComponent(token)}`;
  return { review: `${base}/review`, approve: `${base}/approve`, reject: `${base}/reject`, signedIn: `${publicUrl}/app/projects/${projectId}/budget` };
}

export interface ReviewMailInput {
  to: string;
  reviewerName: string;
  requesterName: string;
  ownerName: string;
  projectName: string;
  projectCode: string;
  projectId: number;
  budgetHash: string;
  token: string;
  expiresAt: string;
  /** The reviewer has an account: they may also decide signed in, on the project's budget page. */
  hasAccount: boolean;
}

export function reviewRequestMail(publicUrl: string, m: ReviewMailInput): MailMessage {
  const links = reviewLinks(publicUrl, m.projectId, m.budgetHash, m.token);
  const until = new Date(m.expiresAt).toUTCString();
  const project = `${m.projectName} (${m.projectCode})`;
  const lines = [
    `Hello ${m.reviewerName},`,
    `${m.requesterName} of ${m.ownerName} asks you to review the budget of ${project}.`,
    `Open the budget to approve it with your signature, or to reject it with a reason: ${links.review}`,
    `Approve and sign directly: ${links.approve}`,
    `Reject directly: ${links.reject}`,
    ...(m.hasAccount ? [`You can also review it signed in to Fieldwork, on the project's budget page: ${links.signedIn}`] : []),
    `The link is yours alone and works once, until ${until}.`,
  ];
  return {
    to: m.to,
    subject: `Budget review requested: ${m.projectName}`,
    text: lines.join('\n\n'),
    html: [
      `<p>Hello ${escapeHtml(m.reviewerName)},</p>`,
      `<p>${escapeHtml(m.requesterName)} of ${escapeHtml(m.ownerName)} asks you to review the budget of ${escapeHtml(project)}.</p>`,
      `<p><a href="${escapeHtml(links.review)}">Review the budget</a>: approve it with your signature, or reject it with a reason.</p>`,
      `<p><a href="${escapeHtml(links.approve)}">Approve and sign</a> · <a href="${escapeHtml(links.reject)}">Reject</a></p>`,
      ...(m.hasAccount ? [`<p>You can also <a href="${escapeHtml(links.signedIn)}">review it signed in to Fieldwork</a>.</p>`] : []),
      `<p>The link is yours alone and works once, until ${escapeHtml(until)}.</p>`,
    ].join('\n'),
  };
}
