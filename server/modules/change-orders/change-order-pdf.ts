import { CHANGE_ORDER_STATUSES, type ChangeOrderStatus } from '../../../resources/budget.js';
import { formatMoney } from '../../../resources/money.js';
import { drawDocumentHeader, type DocumentHeader } from '../../lib/document-header.js';
import { GREY, MARGIN, ROW, WIDTH, Writer } from '../../lib/pdf-writer.js';
import { bothTimes } from '../budget-reviews/signed-pdf.js';

/** What a change order's PDF shows: the item before and after, the amount it changes, who is asked, when, and where it stands. */
export interface ChangeOrderDocument {
  header: DocumentHeader;
  timezone: string;
  number: number;
  status: ChangeOrderStatus;
  item: { name: string; code: string | null; unit: string | null };
  before: { quantity: number; priceCents: bigint };
  after: { quantity: number; priceCents: bigint };
  description: string | null;
  message: string | null;
  /** The party asked to decide, and the contact it is mailed to. */
  requestedOf: string;
  contact: { email: string; name: string | null } | null;
  createdAt: string;
  sentAt: string | null;
  decidedAt: string | null;
  /** The decision as kept (who, how), when there is one. */
  decision: string | null;
  generatedAt: string;
}

const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const COLUMNS = [
  { title: '', width: 150 },
  { title: 'Quantity', width: 110 },
  { title: 'Unit price', width: 120 },
  { title: 'Amount', width: 152 },
] as const;

/** Before → after as a small table: quantity, unit price and amount, then the change in amount. */
function valuesTable(w: Writer, d: ChangeOrderDocument) {
  const rows: Array<[string, number, bigint]> = [
    ['Before', d.before.quantity, d.before.priceCents],
    ['After', d.after.quantity, d.after.priceCents],
  ];
  let x = MARGIN;
  for (const c of COLUMNS) {
    if (c.title) w.text(c.title, 0, { bold: true, right: x + c.width - 4, size: 9 });
    x += c.width;
  }
  w.y -= ROW + 2;
  w.rule();
  for (const [label, quantity, price] of rows) {
    const cells = [groupDigits(quantity), formatMoney(price), formatMoney(BigInt(quantity) * price)];
    w.text(label, MARGIN, { bold: true, size: 9 });
    let at = MARGIN + COLUMNS[0].width;
    cells.forEach((cell, i) => {
      at += COLUMNS[i + 1]!.width;
      w.text(w.clean(cell), 0, { right: at - 4, size: 9 });
    });
    w.y -= ROW + 2;
  }
  w.rule();
  const change = BigInt(d.after.quantity) * d.after.priceCents - BigInt(d.before.quantity) * d.before.priceCents;
  w.text('Amount change', MARGIN, { bold: true, size: 10 });
  w.text(`${change > 0n ? '+' : ''}${formatMoney(change)}`, 0, { bold: true, size: 10, right: MARGIN + WIDTH - 4 });
  w.y -= ROW + 6;
}

/** The change order on one page (a long description wraps onto more), with the same header as the signed budget. */
export async function changeOrderPdf(d: ChangeOrderDocument): Promise<Uint8Array> {
  const w = new Writer();
  await w.open();
  w.doc.setTitle(w.clean(`${d.header.title}: ${d.header.project.name}`));
  w.doc.setSubject('Change order');
  w.doc.setProducer('Fieldwork');
  w.doc.setCreationDate(new Date(d.generatedAt));
  w.newPage();
  await drawDocumentHeader(w, d.header);
  const status = CHANGE_ORDER_STATUSES.find((s) => s.value === d.status)?.label ?? d.status;
  w.line(`Status: ${status}`, { bold: true });
  w.y -= 8;
  w.line(`Item: ${d.item.name}`, { size: 11, bold: true });
  const facts = [d.item.code && `Code: ${d.item.code}`, d.item.unit && `Unit: ${d.item.unit}`].filter(Boolean).join(' · ');
  if (facts) w.line(facts);
  w.y -= 6;
  valuesTable(w, d);
  if (d.description) w.line(`Description: ${d.description}`);
  if (d.message) w.line(`Sent back with: ${d.message}`);
  w.y -= 6;
  const contact = d.contact ? ` (${d.contact.name ? `${d.contact.name} <${d.contact.email}>` : d.contact.email})` : '';
  w.line(`Requested of: ${d.requestedOf}${contact}`);
  w.line(`Created: ${bothTimes(d.createdAt, d.timezone)}`);
  if (d.sentAt) w.line(`Sent: ${bothTimes(d.sentAt, d.timezone)}`);
  if (d.decidedAt) w.line(`${status}: ${bothTimes(d.decidedAt, d.timezone)}`);
  if (d.decision) w.line(d.decision);
  const pages = w.doc.getPages();
  pages.forEach((page, i) => {
    const label = w.clean(`${d.header.project.code} · ${d.header.title} · Page ${i + 1} of ${pages.length}`);
    page.drawText(label, { x: MARGIN, y: 28, size: 7, font: w.font, color: GREY });
  });
  return w.doc.save();
}
