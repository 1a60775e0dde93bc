import type { FastifyReply } from 'fastify';
import { INVOICE_STATUSES, type Invoice } from '../../../resources/invoice.js';
import { formatMoney } from '../../../resources/money.js';
import { dayIn, formatInstant } from '../../../resources/time-zone.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { logoBytes } from '../../lib/document-header.js';
import { GREY, MARGIN, ROW, WIDTH, Writer } from '../../lib/pdf-writer.js';
import type { Services } from '../../services.js';
import { invoiceScope, type InvoiceScope } from './invoice-scope.js';
import { loadInvoice } from './invoice-view.js';

/** The lines table: production day, crew, item, code, unit, quantity, unit price, amount. */
const COLUMNS = [
  { title: 'Date', width: 56, right: false },
  { title: 'Crew', width: 80, right: false },
  { title: 'Item', width: 150, right: false },
  { title: 'Code', width: 50, right: false },
  { title: 'Unit', width: 34, right: false },
  { title: 'Quantity', width: 54, right: true },
  { title: 'Unit price', width: 54, right: true },
  { title: 'Amount', width: 54, right: true },
] as const;

const day = (d: string | null) => (d ? `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}` : '-');

/** When the invoice was sent, approved and paid, as far as it got. */
function invoiceMoments(invoice: Invoice): Array<[string, string]> {
  const moments: Array<[string, string | null]> = [
    ['Sent', invoice.sentAt],
    ['Approved', invoice.approvedAt],
    ['Paid', invoice.paidAt],
  ];
  return moments.filter((m): m is [string, string] => m[1] !== null);
}

function header(w: Writer) {
  let x = MARGIN;
  for (const c of COLUMNS) {
    w.text(c.title, x, { bold: true, right: c.right ? x + c.width - 4 : undefined });
    x += c.width;
  }
  w.y -= ROW;
  w.rule();
}

/** The invoice as printed: issuer with logo, billed company, number and dates, the lines over as many pages as they take, the totals, remit-to and footer. */
export async function invoicePdf(invoice: Invoice, logo: { bytes: Uint8Array; png: boolean } | null): Promise<Uint8Array> {
  const w = new Writer();
  await w.open();
  w.doc.setTitle(w.clean(`Invoice ${invoice.number}`));
  w.doc.setProducer('Fieldwork');
  w.newPage();
  if (logo) {
    const image = await (logo.png ? w.doc.embedPng(logo.bytes) : w.doc.embedJpg(logo.bytes)).catch(() => null);
    if (image) {
      const scale = Math.min(1, 160 / image.width, 56 / image.height);
      const h = Math.max(1, image.height * scale);
      w.page.drawImage(image, { x: MARGIN + WIDTH - image.width * scale, y: w.y - h + 10, width: Math.max(1, image.width * scale), height: h });
    }
  }
  w.line(`Invoice ${invoice.number}`, { size: 18, bold: true });
  w.line(invoice.issuer.name, { size: 12, bold: true });
  if (invoice.issuer.address) w.line(invoice.issuer.address);
  w.y -= 6;
  const status = INVOICE_STATUSES.find((s) => s.value === invoice.status)?.label ?? invoice.status;
  const tz = invoice.projectTimezone;
  w.line(`Bill to: ${invoice.billTo.name ?? '-'}`, { bold: true });
  if (invoice.billTo.address) w.line(invoice.billTo.address);
  if (invoice.billTo.email) w.line(invoice.billTo.email);
  w.y -= 4;
  w.line(`Project: ${invoice.projectName} (${invoice.projectCode})${invoice.powoNumber ? ` · PO/WO: ${invoice.powoNumber}` : ''}`);
  w.line(`Date: ${day(dayIn(invoice.sentAt ?? invoice.createdAt, tz))} · Due: ${day(invoice.dueDate)} · Week ending: ${day(invoice.weekEndingDate)} · Status: ${status}`);
  const moments = invoiceMoments(invoice);
  if (moments.length) w.line(moments.map(([label, at]) => `${label}: ${formatInstant(at, tz)}`).join(' · '));
  if (invoice.notes) w.line(`Notes: ${invoice.notes}`);
  w.y -= 8;
  w.room(ROW * 3);
  header(w);
  for (const l of invoice.lines) {
    if (w.room(ROW)) header(w);
    const cells = [day(l.productionDate), l.crewName, l.itemName, l.itemCode ?? '', l.unit ?? '', l.quantity, formatMoney(l.price), formatMoney(l.amount)];
    let x = MARGIN;
    COLUMNS.forEach((c, i) => {
      if (cells[i]) w.rowCell(w.fit(w.clean(cells[i]!), c.width - 6), x, c.right ? x + c.width - 4 : undefined);
      x += c.width;
    });
    w.y -= ROW;
  }
  w.flushRows();
  w.room(ROW * 8);
  w.y -= 4;
  w.rule();
  const totals: Array<[string, string]> = [
    ['Subtotal', invoice.subtotal],
    [`Retainage (${invoice.retainagePercent} %)`, `-${invoice.retainage}`],
    ['Retainage released', invoice.released],
    ['Amount due', invoice.due],
    ['Paid', invoice.paid],
    ['Balance due', invoice.balance],
  ];
  for (const [label, value] of totals) {
    const bold = label === 'Balance due' || label === 'Amount due';
    w.text(label, MARGIN + 330, { bold });
    w.text(formatMoney(value), 0, { bold, right: MARGIN + WIDTH - 4 });
    w.y -= ROW;
  }
  w.y -= 8;
  if (invoice.issuer.remitTo) w.line(`Remit to: ${invoice.issuer.remitTo}`);
  w.line(`Payment terms: ${invoice.issuer.paymentTermsDays} days`);
  if (invoice.issuer.footerNotes) w.line(invoice.issuer.footerNotes, { color: GREY });
  const pages = w.doc.getPages();
  pages.forEach((page, i) => {
    page.drawText(w.clean(`${invoice.issuer.name} · Invoice ${invoice.number} · Page ${i + 1} of ${pages.length}`), { x: MARGIN, y: 28, size: 7, font: w.font, color: GREY });
  });
  return w.doc.save({ objectsPerTick: 1000 });
}

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'invoice';

export const invoicePdfName = (number: string) => `Invoice_${fileSafe(number)}.pdf`;

/** The invoice as printed now, read through `db` (the sending's transaction, when it keeps the PDF it mails). */
export async function renderInvoicePdf(services: Services, db: Executor, scope: Pick<InvoiceScope, 'companyId' | 'side' | 'canManage'>, id: number) {
  const invoice = await loadInvoice(services, db, scope, id);
  return { bytes: await invoicePdf(invoice, await logoBytes(services, db, invoice.issuer.logoUrl)), filename: invoicePdfName(invoice.number) };
}

/** The PDF answer: an attachment, never cached. */
export const replyPdf = (reply: FastifyReply, filename: string, pdf: Uint8Array) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .header('content-length', String(pdf.length))
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.length));

/** GET /invoices/{id}/pdf: Invoice_{number}.pdf, for either side that sees the invoice. */
export async function sendInvoicePdf(services: Services, actor: Actor, reply: FastifyReply, id: number) {
  const scope = await invoiceScope(services.db, actor, id);
  const pdf = await renderInvoicePdf(services, services.db, scope, id);
  return replyPdf(reply, pdf.filename, pdf.bytes);
}
