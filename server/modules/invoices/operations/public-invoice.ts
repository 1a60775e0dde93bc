import { externalInvoiceRejectBody } from '../../../../resources/invoice-client.js';
import { defineRoute } from '../../../http/route.js';
import { approveByLink, decideByLink, externalInvoice, externalInvoicePdf } from '../invoice-link.js';
import { tokenParams } from '../invoice-params.js';

const refused = 'a used, expired, replaced, forged or foreign link is the same 410 and changes nothing';

export const publicInvoice = defineRoute({
  method: 'GET',
  url: '/public/invoices/:token',
  access: 'public',
  rateLimited: true,
  summary: `The invoice a mailed link opens, without a session: issuer, client, project, number, dates, status, subtotal, retainage, amount due, its first 100 lines (lineCount counts them all) and pdfUrl; ${refused}`,
  tags: ['invoices'],
  params: tokenParams,
  handler: ({ services, params }) => externalInvoice(services, params.token),
});

export const publicInvoicePdf = defineRoute({
  method: 'GET',
  url: '/public/invoices/:token/pdf',
  access: 'public',
  rateLimited: true,
  summary: `The invoice's PDF exactly as it was mailed, as an attachment, through its open link; ${refused}`,
  tags: ['invoices'],
  params: tokenParams,
  handler: ({ services, params, req, reply }) => externalInvoicePdf(services, req, reply, params.token),
});

export const publicApproveInvoice = defineRoute({
  method: 'POST',
  url: '/public/invoices/:token/approve',
  access: 'public',
  rateLimited: true,
  summary: `Approve the invoice through its mailed link: JSON { name } (who approves, else the contact it was mailed to), or multipart with a drawn signature (file: PNG, type=signature, name), required when the issuer asks for one; it is due, unpaid; the link then works no more. Answers the outcome; ${refused}`,
  tags: ['invoices'],
  params: tokenParams,
  handler: ({ services, params, req }) => approveByLink(services, req, params.token),
});

export const publicRejectInvoice = defineRoute({
  method: 'POST',
  url: '/public/invoices/:token/reject',
  access: 'public',
  rateLimited: true,
  summary: `Reject the invoice through its mailed link with a reason (and optionally who rejects); the issuer may correct and send it again; the link then works no more. Answers the outcome; ${refused}`,
  tags: ['invoices'],
  params: tokenParams,
  body: externalInvoiceRejectBody,
  handler: ({ services, params, body }) => decideByLink(services, params.token, 'rejected', { name: body.name, reason: body.reason }),
});
