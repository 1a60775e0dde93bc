import { z } from 'zod';
import { idParam, MAX_ID } from '../../../resources/id.js';
import { BILLABLE_PAGE } from '../../../resources/invoice.js';
import { utcDate } from '../../../resources/project.js';
import { text } from '../../../resources/text.js';

/** /invoices/:id… */
export const invoiceParams = z.object({ id: idParam() });
/** /invoices/:companyId (create, report): the acting company. */
export const companyParams = z.object({ companyId: idParam() });
/** /billable-productions/:projectId?invoiceId=&date_gte=&date_lte=&_start=&_end= */
export const billableParams = z.object({ projectId: idParam() });
const position = (param: string) =>
  text()
    .regex(/^\d+$/, `${param} must be a whole number from 0 to ${MAX_ID}`)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, `${param} must be a whole number from 0 to ${MAX_ID}`))
    .optional();
export const billableQuery = z
  .object({
    invoiceId: idParam().optional().describe('An invoice of the caller being edited: its productions come first, its items flagged onThisInvoice'),
    date_gte: utcDate.optional().describe('First production day (YYYY-MM-DD), included'),
    date_lte: utcDate.optional().describe('Last production day (YYYY-MM-DD), included'),
    _start: position('_start').describe('First production, counted from 0'),
    _end: position('_end').describe(`Production after the last (pages of ${BILLABLE_PAGE.default} by default, at most ${BILLABLE_PAGE.max})`),
  })
  .refine((q) => q._end === undefined || q._end >= (q._start ?? 0), { message: '_end must not be less than _start', path: ['_end'] });
export type BillableQuery = z.output<typeof billableQuery>;
/**
 * /public/invoices/:token…: the mailed link's token. Anything of another length or alphabet names no
 * link; the service refuses it with the same 410 as a used or expired one.
 */
export const tokenParams = z.object({ token: text().min(1).max(200) });
/** /invoices/:id/paid/:status */
export const paidParams = z.object({ id: idParam(), status: z.enum(['paid', 'partially_paid'], { error: 'Status must be paid or partially_paid' }) });

export type InvoiceParams = z.output<typeof invoiceParams>;
