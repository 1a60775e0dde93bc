import { z } from 'zod';
import { text } from './text.js';
import { email } from './user.js';

/**
 * Documents a client decides without an account (issue 17): invoices (approve, reject with a reason)
 * and change orders (accept, send back with a message). The issuer mails the client's contact the
 * document as PDF with a link; the contact decides through the link, a platform client's member
 * decides signed in, or the issuer records a decision received outside the product. Every decision
 * is one DocumentDecision, shown on the document and in its trail.
 */

export type DocumentKind = 'invoice' | 'change_order';

export const DOCUMENT_DECISIONS = {
  invoice: [
    { value: 'approved', label: 'Approved' },
    { value: 'rejected', label: 'Rejected' },
  ],
  change_order: [
    { value: 'accepted', label: 'Accepted' },
    { value: 'sent_back', label: 'Sent back' },
  ],
} as const;
export type InvoiceDecision = (typeof DOCUMENT_DECISIONS.invoice)[number]['value'];
export type ChangeOrderDecision = (typeof DOCUMENT_DECISIONS.change_order)[number]['value'];
export type DocumentDecisionValue = InvoiceDecision | ChangeOrderDecision;

/** The decisions that need a reason (a rejection, a send-back message). */
export const DECISIONS_WITH_REASON: readonly DocumentDecisionValue[] = ['rejected', 'sent_back'];

export const DECISION_CHANNELS = [
  { value: 'member', label: 'Signed in' },
  { value: 'link', label: 'Through the e-mailed link' },
  { value: 'recorded', label: 'Recorded on the client’s behalf' },
] as const;
export type DecisionChannel = (typeof DECISION_CHANNELS)[number]['value'];

export const CLIENT_DECISION_MESSAGES = {
  /** Every refused link reads the same: nobody learns whether it was used, expired, replaced or never existed. */
  linkRefused: 'This link no longer works: it was used, it expired, or a newer one was sent. Ask the sender for a new link.',
  noContact: 'Add the client contact’s e-mail before sending',
  decidedBy: 'Who gave the decision is required',
  decidedAt: 'Enter when the decision was given',
  future: 'The decision cannot be in the future',
  reason: 'A reason is required',
  decision: 'Choose the decision',
  signature: 'Draw your signature to approve',
} as const;

/** A decision as the document's page shows it. */
export interface DocumentDecision {
  id: number;
  decision: DocumentDecisionValue;
  channel: DecisionChannel;
  decidedByName: string;
  decidedByEmail: string | null;
  decidedAt: string;
  reason: string | null;
  /** The proof attached to a recorded decision (a signed paper, a mail), as a link that downloads it. */
  file: { id: number; filename: string; url: string } | null;
  /** Who entered a recorded decision (the issuer's member); null for one made through a link. */
  recordedByName: string | null;
  createdAt: string;
}

/**
 * Whose move a waiting document is: the party that must act, and for a client off the platform
 * (or a platform company deciding through the link) where it was sent and when.
 */
export interface DocumentTurn {
  /** 'client': the billed / asked company must decide; 'issuer': the issuing company must act (edit and send, record a payment). */
  waitingOn: 'client' | 'issuer';
  partyName: string;
  contactEmail: string | null;
  sentAt: string | null;
}

const shortDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Waiting for Hill Country Power: sent to ap@hcp.example on Nov 27", or "Waiting for Hill Country Power". */
export function waitingText(turn: DocumentTurn, day: (iso: string) => string = shortDay): string {
  const sent = turn.contactEmail && turn.sentAt ? `: sent to ${turn.contactEmail} on ${day(turn.sentAt)}` : turn.sentAt ? `: sent on ${day(turn.sentAt)}` : '';
  return `Waiting for ${turn.partyName}${sent}`;
}

/** PATCH …/contact: the client contact a document is mailed to, changeable until it is sent. */
export const clientContactBody = z
  .object({
    contactEmail: email,
    contactName: text()
      .trim()
      .max(200, 'At most 200 characters')
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .strict();
export type ClientContactInput = z.output<typeof clientContactBody>;

/** A decision made through a link: the reason (required to reject or send back) and, optionally, who decides. */
export const linkDecisionBody = z
  .object({
    reason: text().trim().max(2000, 'At most 2000 characters').optional().transform((v) => v || null),
    name: text().trim().max(200, 'At most 200 characters').optional().transform((v) => v || null),
  })
  .strict();

/**
 * The fields of a decision recorded on the client's behalf (multipart beside an optional file, or
 * JSON): what was decided, who said it, when (a day or an instant, never in the future), and the
 * reason for a rejection or send-back.
 */
export const recordedDecisionFields = <D extends readonly [string, ...string[]]>(decisions: D) =>
  z
    .object({
      decision: z.enum(decisions, { error: CLIENT_DECISION_MESSAGES.decision }),
      decidedByName: text({ error: CLIENT_DECISION_MESSAGES.decidedBy }).trim().min(1, CLIENT_DECISION_MESSAGES.decidedBy).max(200, 'At most 200 characters'),
      decidedByEmail: z
        .union([email, z.literal(''), z.null()])
        .optional()
        .transform((v) => v || null),
      decidedAt: text({ error: CLIENT_DECISION_MESSAGES.decidedAt })
        .trim()
        .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), CLIENT_DECISION_MESSAGES.decidedAt)
        .transform((v) => new Date(v.length === 10 ? `${v}T12:00:00Z` : v).toISOString())
        .refine((v) => Date.parse(v) <= Date.now() + 24 * 60 * 60 * 1000, CLIENT_DECISION_MESSAGES.future),
      reason: text().trim().max(2000, 'At most 2000 characters').optional().transform((v) => v || null),
    })
    .strict()
    .superRefine((v, ctx) => {
      if (DECISIONS_WITH_REASON.includes(v.decision as DocumentDecisionValue) && !v.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: CLIENT_DECISION_MESSAGES.reason });
      }
    });

export const recordedInvoiceDecision = recordedDecisionFields(['approved', 'rejected'] as const);
export const recordedChangeOrderDecision = recordedDecisionFields(['accepted', 'sent_back'] as const);
export type RecordedDecisionInput = z.output<typeof recordedInvoiceDecision> | z.output<typeof recordedChangeOrderDecision>;

const decisionLabel = (d: DocumentDecisionValue) => [...DOCUMENT_DECISIONS.invoice, ...DOCUMENT_DECISIONS.change_order].find((x) => x.value === d)?.label ?? d;

/**
 * One decision in the product's words: "Approved by Jane Roe (ap@city.example) through the e-mailed
 * link on Nov 27", "Rejected by Jane Roe, signed in, on Nov 27", "Approved by Jane Roe on Nov 27:
 * recorded on the client’s behalf by Sam Owner".
 */
export function decisionText(d: DocumentDecision, day: (iso: string) => string = shortDay): string {
  const who = d.decidedByEmail && d.decidedByEmail !== d.decidedByName ? `${d.decidedByName} (${d.decidedByEmail})` : d.decidedByName;
  const head = `${decisionLabel(d.decision)} by ${who}`;
  if (d.channel === 'link') return `${head} through the e-mailed link on ${day(d.decidedAt)}`;
  if (d.channel === 'member') return `${head}, signed in, on ${day(d.decidedAt)}`;
  return `${head} on ${day(d.decidedAt)}: recorded on the client’s behalf${d.recordedByName ? ` by ${d.recordedByName}` : ''}`;
}
