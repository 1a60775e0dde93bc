import { addTransaction } from './operations/add-transaction.js';
import { approveInvoice } from './operations/approve-invoice.js';
import { approveSinglePart } from './operations/approve-single-part.js';
import { billableProductions } from './operations/billable-productions.js';
import { cancelInvoice } from './operations/cancel-invoice.js';
import { addInvoiceComment } from './operations/add-comment.js';
import { listInvoiceComments } from './operations/list-comments.js';
import { createInvoice } from './operations/create-invoice.js';
import { getInvoice } from './operations/get-invoice.js';
import { invoiceActivity } from './operations/invoice-activity.js';
import { invoicePdf } from './operations/invoice-pdf.js';
import { downloadInvoiceReport } from './operations/invoice-report.js';
import { listInvoices } from './operations/list-invoices.js';
import { markPaid } from './operations/mark-paid.js';
import { rejectInvoice } from './operations/reject-invoice.js';
import { sendInvoice } from './operations/send-invoice.js';
import { updateInvoice } from './operations/update-invoice.js';
import { changeContact } from './operations/change-contact.js';
import { publicApproveInvoice, publicInvoice, publicInvoicePdf, publicRejectInvoice } from './operations/public-invoice.js';
import { recordDecision } from './operations/record-decision.js';
import { resendInvoice } from './operations/resend-invoice.js';

export const invoiceRoutes = [
  listInvoices,
  billableProductions,
  createInvoice,
  getInvoice,
  updateInvoice,
  sendInvoice,
  resendInvoice,
  changeContact,
  recordDecision,
  approveInvoice,
  approveSinglePart,
  rejectInvoice,
  markPaid,
  cancelInvoice,
  addTransaction,
  listInvoiceComments,
  addInvoiceComment,
  invoiceActivity,
  invoicePdf,
  downloadInvoiceReport,
  publicInvoice,
  publicInvoicePdf,
  publicApproveInvoice,
  publicRejectInvoice,
];
