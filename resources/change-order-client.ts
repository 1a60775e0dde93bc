import { z } from 'zod';
import type { ChangeOrderDecision } from './client-decision.js';
import type { ChangeOrderStatus } from './budget.js';
import { text } from './text.js';

/**
 * A change order as the client's contact sees it through the e-mailed link, without an account
 * (issue 17): GET /public/change-orders/{token}; the PDF as mailed at …/pdf; POST …/accept
 * (linkDecisionBody: an optional name) and …/send-back (externalSendBackBody). The link names
 * nothing else; once used, expired or replaced every call answers the same 410.
 */

export const publicChangeOrderPaths = (token: string) => {
  const base = `/public/change-orders/${encodeURIComponent(token)}`;
  return { view: base, pdf: `${base}/pdf`, accept: `${base}/accept`, sendBack: `${base}/send-back` };
};

/** The page's address in the mail: /app/decide/change-order/{token}. */
export const changeOrderDecisionPage = (publicUrl: string, token: string) => `${publicUrl}/app/decide/change-order/${encodeURIComponent(token)}`;

export interface ExternalChangeOrder {
  number: number;
  status: ChangeOrderStatus;
  issuer: { name: string; logoUrl: string | null };
  /** The company (or the client typed on the project) asked to decide. */
  clientName: string | null;
  /** timezone: the project's, that its moments (sent) are shown in. */
  project: { name: string; code: string; powoNumber: string | null; timezone: string };
  item: { name: string; code: string | null; unit: string | null };
  /** The item as it stands, and as the change order would make it. */
  before: { quantity: number; price: string; amount: string };
  after: { quantity: number; price: string; amount: string };
  /** after.amount − before.amount, signed. */
  amountChange: string;
  description: string | null;
  sentAt: string | null;
  /** The contact the link was mailed to, to propose as the decider's name. */
  contactName: string | null;
  contactEmail: string;
  /** When the link stops working. */
  expiresAt: string;
  /** The PDF as it was mailed (a download), through the same link. */
  pdfUrl: string;
  /** The issuer asks for a drawn signature to accept. */
  signatureRequired: boolean;
}

/** What a decision through the link answers: the outcome only; the link works no more. */
export interface ExternalChangeOrderOutcome {
  number: number;
  status: ChangeOrderStatus;
  decision: ChangeOrderDecision;
  decidedByName: string;
  issuerName: string;
  /** The message sent back with it. */
  reason: string | null;
}

export const SEND_BACK_MESSAGE = 'Say why it is sent back';

/** POST /public/change-orders/{token}/send-back: the message (required) and, optionally, who sends it back. */
export const externalSendBackBody = z
  .object({
    reason: text({ error: SEND_BACK_MESSAGE }).trim().min(1, SEND_BACK_MESSAGE).max(2000, 'At most 2000 characters'),
    name: text().trim().max(200, 'At most 200 characters').optional().transform((v) => v || null),
  })
  .strict();
