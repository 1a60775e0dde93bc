import { z } from 'zod';
import type { InvoiceDecision } from './client-decision.js';
import { INVOICE_BILLING_MESSAGES, type InvoiceLine, type InvoiceStatus } from './invoice.js';
import { text } from './text.js';

/**
 * An invoice as the client's contact sees it through the e-mailed link, without an account
 * (issue 17): GET /public/invoices/{token}; the PDF as mailed at …/pdf; POST …/approve
 * (linkDecisionBody: an optional name) and …/reject (externalInvoiceRejectBody). The link names
 * nothing else; once used, expired or replaced every call answers the same 410.
 */

/** The page shows the first lines; the PDF holds them all. */
export const EXTERNAL_INVOICE_LINES = 100;

export interface ExternalInvoice {
  number: string;
  status: InvoiceStatus;
  issuer: { name: string; logoUrl: string | null };
  clientName: string | null;
  /** timezone: the project's, that its moments (sent) are shown in. */
  project: { name: string; code: string; powoNumber: string | null; timezone: string };
  createdAt: string;
  sentAt: string | null;
  dueDate: string | null;
  weekEndingDate: string | null;
  subtotal: string;
  retainagePercent: number;
  retainage: string;
  due: string;
  /** The first EXTERNAL_INVOICE_LINES lines by production day; lineCount counts them all. */
  lines: Array<Pick<InvoiceLine, 'id' | 'productionDate' | 'crewName' | 'itemName' | 'itemCode' | 'unit' | 'quantity' | 'price' | 'amount'>>;
  lineCount: number;
  /** The contact the link was mailed to, to propose as the signer's name. */
  contactName: string | null;
  contactEmail: string;
  /** When the link stops working. */
  expiresAt: string;
  /** The PDF as it was mailed (a download), through the same link. */
  pdfUrl: string;
  /** The issuer asks for a drawn signature to approve. */
  signatureRequired: boolean;
}

/** What a decision through the link answers: the outcome only; the link works no more. */
export interface ExternalInvoiceOutcome {
  number: string;
  status: InvoiceStatus;
  decision: InvoiceDecision;
  decidedByName: string;
  issuerName: string;
}

/** POST /public/invoices/{token}/reject: the reason (required) and, optionally, who rejects. */
export const externalInvoiceRejectBody = z
  .object({
    reason: text({ error: INVOICE_BILLING_MESSAGES.reason }).trim().min(1, INVOICE_BILLING_MESSAGES.reason).max(2000, 'At most 2000 characters'),
    name: text().trim().max(200, 'At most 200 characters').optional().transform((v) => v || null),
  })
  .strict();

