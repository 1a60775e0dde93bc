import { formatInstant } from '../../../resources/time-zone.js';
import { SIGNED_APPROVAL_REASON } from '../../../resources/budget.js';
import { formatMoney } from '../../../resources/money.js';
import type { Figures, ItemLine } from './budget-figures.js';
import { drawDocumentHeader, type DocumentHeader } from '../../lib/document-header.js';
import { GREY, MARGIN, ROW, WIDTH, Writer } from '../../lib/pdf-writer.js';

/** What the signed budget shows: the project, the items and totals, and every review of the approval round. */
export interface SignedBudget {
  /** The header every project document prints (server/lib/document-header.ts). */
  header: DocumentHeader;
  project: { name: string; code: string; timezone: string };
  ownerName: string;
  approvedAt: string;
  submittedAt: string | null;
  retainagePercent: number;
  profitabilityPercent: number;
  figures: Figures;
  lines: ItemLine[];
  reviews: SignedReview[];
  generatedAt: string;
}

export interface SignedReview {
  id: number;
  reviewerName: string;
  reviewerEmail: string;
  reviewerCompany: string;
  status: string;
  statusReason: string | null;
  requestedBy: string | null;
  requestedAt: string;
  decidedAt: string | null;
  signedAt: string | null;
  signerName: string | null;
  signerIp: string | null;
  signerUserAgent: string | null;
  signatureSha256: string | null;
  /** The PNG the reviewer drew, when they signed. */
  signature: Uint8Array | null;
}

/** The items table: item, code, unit, quantity, unit price, amount; numbers aligned right. */
const COLUMNS = [
  { title: 'Item', width: 196, right: false },
  { title: 'Code', width: 70, right: false },
  { title: 'Unit', width: 44, right: false },
  { title: 'Quantity', width: 62, right: true },
  { title: 'Unit price', width: 72, right: true },
  { title: 'Amount', width: 88, right: true },
] as const;

const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** An instant in the project's zone, named, with UTC beside it for the certificate's reader elsewhere. */
export function bothTimes(iso: string, timeZone: string): string {
  const local = formatInstant(iso, timeZone);
  const utc = `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  return local.endsWith(' UTC') ? utc : `${local} (${utc})`;
}

function tableHeader(w: Writer) {
  let x = MARGIN;
  for (const c of COLUMNS) {
    w.text(c.title, x, { bold: true, right: c.right ? x + c.width - 4 : undefined });
    x += c.width;
  }
  w.y -= ROW;
  w.rule();
}

function itemsTable(w: Writer, lines: ItemLine[]) {
  w.room(ROW * 3);
  tableHeader(w);
  for (const l of lines) {
    if (w.room(ROW)) tableHeader(w);
    const cells = [
      l.itemName + (l.description ? ` (${l.description})` : ''),
      l.itemCode ?? '',
      l.unit ?? '',
      groupDigits(l.quantity),
      formatMoney(l.priceCents),
      formatMoney(l.amountCents),
    ];
    let x = MARGIN;
    COLUMNS.forEach((c, i) => {
      if (cells[i]) w.rowCell(w.fit(w.clean(cells[i]!), c.width - 6), x, c.right ? x + c.width - 4 : undefined);
      x += c.width;
    });
    w.y -= ROW;
  }
  w.flushRows();
}

function totals(w: Writer, b: SignedBudget) {
  w.room(ROW * 5);
  w.y -= 4;
  w.rule();
  const rows: Array<[string, string]> = [
    ['Total', formatMoney(b.figures.totalCents)],
    [`Retainage (${b.retainagePercent} %)`, formatMoney(b.figures.retainageCents)],
    [`Profitability (${b.profitabilityPercent} %)`, formatMoney(b.figures.profitCents)],
  ];
  for (const [label, value] of rows) {
    w.text(label, MARGIN + 300, { bold: label === 'Total' });
    w.text(value, 0, { bold: label === 'Total', right: MARGIN + WIDTH - 4 });
    w.y -= ROW;
  }
}

async function signatures(w: Writer, b: SignedBudget) {
  const tz = b.project.timezone;
  w.y -= 10;
  w.room(60);
  w.line('Approvals', { size: 13, bold: true });
  for (const r of b.reviews.filter((x) => x.status === 'approved')) {
    w.room(r.signature ? 120 : 60);
    w.y -= 4;
    if (r.signature) {
      const image = await w.doc.embedPng(r.signature);
      const scale = Math.min(1, 220 / image.width, 60 / image.height);
      const h = Math.max(1, image.height * scale);
      w.page.drawImage(image, { x: MARGIN, y: w.y - h, width: Math.max(1, image.width * scale), height: h });
      w.y -= h + 6;
    }
    const reviewer = `${r.reviewerName} <${r.reviewerEmail}>, ${r.reviewerCompany}`;
    const who = !r.signerName ? `Approved by ${reviewer}` : r.signerName === r.reviewerName ? `Signed by ${reviewer}` : `Signed by ${r.signerName} for ${reviewer}`;
    w.line(who, { bold: true });
    w.line(`Reason: ${r.statusReason ?? SIGNED_APPROVAL_REASON}`);
    if (r.signedAt) w.line(`Signed: ${bothTimes(r.signedAt, tz)}`);
    else if (r.decidedAt) w.line(`Approved signed in, without a drawn signature: ${bothTimes(r.decidedAt, tz)}`);
    if (r.signatureSha256) w.line(`Signature image SHA-256: ${r.signatureSha256}`, { size: 8 });
  }
}

/** The e-signature certificate: each review's events, who asked, where the link went, who decided, from where. */
function auditTrail(w: Writer, b: SignedBudget) {
  const tz = b.project.timezone;
  w.newPage();
  w.line('Audit trail', { size: 14, bold: true });
  w.line(`Budget of ${b.project.name} (${b.project.code}), ${b.ownerName}. Certificate generated ${bothTimes(b.generatedAt, tz)}.`, { color: GREY });
  if (b.submittedAt) w.line(`Submitted for review: ${bothTimes(b.submittedAt, tz)}`);
  for (const r of b.reviews) {
    w.y -= 6;
    w.room(70);
    w.line(`Review ${r.id}: ${r.reviewerName} <${r.reviewerEmail}>, ${r.reviewerCompany}`, { bold: true, size: 10 });
    w.line(`Requested${r.requestedBy ? ` by ${r.requestedBy}` : ''}: ${bothTimes(r.requestedAt, tz)}`, { indent: 10 });
    w.line(`Review link e-mailed to: ${r.reviewerEmail}`, { indent: 10 });
    if (r.status === 'approved') {
      w.line(`Approved${r.signerName ? ` and signed by ${r.signerName}` : ''}: ${bothTimes(r.signedAt ?? r.decidedAt!, tz)}`, { indent: 10 });
      w.line(`Reason: ${r.statusReason ?? SIGNED_APPROVAL_REASON}`, { indent: 10 });
    } else if (r.decidedAt) {
      w.line(`${r.status[0]!.toUpperCase()}${r.status.slice(1)}: ${bothTimes(r.decidedAt, tz)}${r.statusReason ? `, reason: ${r.statusReason}` : ''}`, { indent: 10 });
    }
    if (r.signerIp) w.line(`IP address: ${r.signerIp}`, { indent: 10 });
    if (r.signerUserAgent) w.line(`User agent: ${r.signerUserAgent}`, { indent: 10, size: 8 });
    if (r.signatureSha256) w.line(`Signature image SHA-256: ${r.signatureSha256}`, { indent: 10, size: 8 });
  }
}

function footers(w: Writer, b: SignedBudget) {
  const pages = w.doc.getPages();
  pages.forEach((page, i) => {
    const label = w.clean(`${b.project.code} · Signed budget · Page ${i + 1} of ${pages.length}`);
    page.drawText(label, { x: MARGIN, y: 28, size: 7, font: w.font, color: GREY });
  });
}

/** The signed budget as a PDF: title, project, items over as many pages as they take, totals, signatures, audit trail. */
export async function signedBudgetPdf(b: SignedBudget): Promise<Uint8Array> {
  const w = new Writer();
  await w.open();
  w.doc.setTitle(w.clean(`Budget ${b.project.code}: ${b.project.name}`));
  w.doc.setSubject('Signed budget');
  w.doc.setProducer('Fieldwork');
  w.doc.setCreationDate(new Date(b.generatedAt));
  w.newPage();
  await drawDocumentHeader(w, b.header);
  w.line(`Approved: ${bothTimes(b.approvedAt, b.project.timezone)}`);
  w.line(`${groupDigits(b.figures.itemCount)} items, total ${formatMoney(b.figures.totalCents)}`);
  w.y -= 8;
  itemsTable(w, b.lines);
  totals(w, b);
  await signatures(w, b);
  auditTrail(w, b);
  footers(w, b);
  return w.doc.save({ objectsPerTick: 1000 });
}
