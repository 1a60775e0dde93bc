import { z } from 'zod';
import { text } from './text.js';

/**
 * A company's invoice settings (POST /companies/{id}/invoice). The spec names the call but not the
 * fields; this set is ours and is recorded in docs/decisions.md.
 */
export const INVOICE_MESSAGES = {
  prefix: 'Use up to 12 letters, digits, spaces or - / # . _',
  nextNumber: 'Next invoice number must be a whole number from 1 to 999999999',
  paymentTerms: 'Payment terms must be a whole number of days from 0 to 365',
  retainage: 'Retainage must be a percentage from 0 to 100 with at most 2 decimals',
  remitTo: 'Remit-to address must be at most 500 characters',
  footerNotes: 'Footer notes must be at most 2000 characters',
} as const;

/** Text typed into a number field arrives as a string; an empty one stays empty so it fails with our message. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** Up to two decimals, kept as text so no binary float ever holds the value. */
const percent = z
  .union([text(), z.number()], { error: INVOICE_MESSAGES.retainage })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && percentToBasisPoints(v) <= 10_000, INVOICE_MESSAGES.retainage)
  .transform((v) => basisPointsToPercent(percentToBasisPoints(v)));

const optionalText = (max: number, message: string) =>
  text()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => v || null);

export const invoiceSettingsBody = z
  .object({
    invoiceNumberPrefix: text({ error: INVOICE_MESSAGES.prefix }).trim().regex(/^[A-Za-z0-9 #./_-]{0,12}$/, INVOICE_MESSAGES.prefix),
    nextInvoiceNumber: wholeNumber(INVOICE_MESSAGES.nextNumber, 1, 999_999_999),
    paymentTermsDays: wholeNumber(INVOICE_MESSAGES.paymentTerms, 0, 365),
    defaultRetainagePercent: percent,
    remitTo: optionalText(500, INVOICE_MESSAGES.remitTo),
    footerNotes: optionalText(2000, INVOICE_MESSAGES.footerNotes),
    /** Clients sign (a drawn signature) what they approve or accept through an e-mailed link: invoices and change orders. */
    clientSignature: z.boolean({ error: 'Must be true or false' }).default(false),
  })
  .strict();
export type InvoiceSettingsForm = z.input<typeof invoiceSettingsBody>;
export type InvoiceSettings = z.output<typeof invoiceSettingsBody>;

/** What a company that never saved its invoice settings answers. */
export const DEFAULT_INVOICE_SETTINGS: InvoiceSettings = {
  invoiceNumberPrefix: 'INV-',
  nextInvoiceNumber: 1,
  paymentTermsDays: 30,
  defaultRetainagePercent: '0',
  remitTo: null,
  footerNotes: null,
  clientSignature: false,
};

/** '5.25' → 525, by string arithmetic: the value never passes through a float. */
export function percentToBasisPoints(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 525 → '5.25', 550 → '5.5', 500 → '5'. */
export function basisPointsToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
