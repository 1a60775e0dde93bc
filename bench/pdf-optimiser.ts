// Issue 20's PDF optimiser: pages converted per second through the server (POST /to-images, the job
// and its worker thread) at ratio 1 and 2 for a plan set of 36 × 24 in sheets, beside the same pages
// rasterised by pdf.js in a plain loop in this process (the ceiling), and the server's resident
// memory sampled through the conversion of a ~200 MB PDF of scanned-like sheets.
// PDF_BENCH_PAGES and PDF_BENCH_MB shrink the run (a quick check that it works).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { PdfConversion } from '../resources/pdf-conversion.js';

const require = createRequire(import.meta.url);
export const PLAN_PAGES = Number(process.env.PDF_BENCH_PAGES ?? 50);
export const LARGE_MB = Number(process.env.PDF_BENCH_MB ?? 200);
const SHEET: [number, number] = [36 * 72, 24 * 72];

export interface RatioRun {
  ratio: number;
  pages: number;
  /** Through the server: from the POST's start to the conversion done. */
  serverPagesPerSec: number;
  /** pdf.js and @napi-rs/canvas in a plain loop here, same pages, same JPEG quality. */
  ceilingPagesPerSec: number;
  ratioToCeiling: number;
}

export interface PdfOptimiserRun {
  planSet: { pages: number; megabytes: number };
  ratios: RatioRun[];
  large: { megabytes: number; pages: number; seconds: number; rssMb: { before: number; atFirstPage: number; peak: number; end: number; samples: number[] } };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/** Sheets like a plan set: a border, a grid of a few thousand strokes, dimensions and a title block. */
export async function planSet(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const [w, h] = SHEET;
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage(SHEET);
    page.drawRectangle({ x: 36, y: 36, width: w - 72, height: h - 72, borderColor: rgb(0, 0, 0), borderWidth: 3 });
    for (let i = 0; i < 60; i++) {
      page.drawLine({ start: { x: 36 + i * ((w - 72) / 60), y: 36 }, end: { x: 36 + i * ((w - 72) / 60), y: h - 36 }, thickness: 0.3, color: rgb(0.7, 0.7, 0.7) });
      page.drawLine({ start: { x: 36, y: 36 + i * ((h - 72) / 60) }, end: { x: w - 36, y: 36 + i * ((h - 72) / 60) }, thickness: 0.3, color: rgb(0.7, 0.7, 0.7) });
    }
    for (let i = 0; i < 400; i++) {
      const x = 100 + ((i * 97 + n * 13) % (w - 300));
      const y = 100 + ((i * 61 + n * 29) % (h - 300));
      page.drawLine({ start: { x, y }, end: { x: x + 80, y: y + ((i % 7) - 3) * 20 }, thickness: 1.2, color: rgb(0, 0, 0.5) });
      if (i % 8 === 0) page.drawText(`${(i * 1.25).toFixed(2)} ft`, { x, y: y + 6, size: 7, font });
    }
    page.drawRectangle({ x: w - 436, y: 36, width: 400, height: 120, borderColor: rgb(0, 0, 0), borderWidth: 2 });
    page.drawText(`MAIN STREET FIBER — SHEET C-${n} OF ${pages}`, { x: w - 426, y: 110, size: 14, font });
  }
  return Buffer.from(await doc.save());
}

/** About `megabytes` MB of sheets each holding a noisy photo-like JPEG (as scanned plans are). */
export async function scannedSet(megabytes: number): Promise<{ bytes: Buffer; pages: number }> {
  const canvas = createCanvas(2400, 1600);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(2400, 1600);
  const doc = await PDFDocument.create();
  let total = 0;
  let pages = 0;
  while (total < megabytes * 1024 * 1024) {
    image.data.set(randomBytes(image.data.length));
    ctx.putImageData(image, 0, 0);
    const jpeg = await canvas.encode('jpeg', 92);
    const embedded = await doc.embedJpg(jpeg);
    const page = doc.addPage(SHEET);
    page.drawImage(embedded, { x: 0, y: 0, width: SHEET[0], height: SHEET[1] });
    total += jpeg.length;
    pages++;
  }
  return { bytes: Buffer.from(await doc.save()), pages };
}

/** The ceiling: the same pages rendered and encoded in a plain loop, no server, no worker. */
async function ceiling(bytes: Buffer, ratio: number): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;
  const start = process.hrtime.bigint();
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts, isEvalSupported: false }).promise;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: ratio });
    const factory = pdf.canvasFactory as { create(w: number, h: number): { canvas: { encode(f: 'jpeg', q: number): Promise<Buffer> }; context: unknown } };
    const { canvas, context } = factory.create(Math.round(viewport.width), Math.round(viewport.height));
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    await canvas.encode('jpeg', 85);
    page.cleanup();
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return pages / seconds(start);
}

interface Api {
  baseUrl: string;
  token: string;
  companyId: number;
  projectId: number;
}

async function call<T>(api: Pick<Api, 'baseUrl'> & Partial<Api>, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${api.baseUrl}/api/v1${url}`, {
    method,
    headers: { ...(api.token ? { authorization: `Bearer ${api.token}` } : {}), ...(api.companyId ? { 'x-company-id': String(api.companyId) } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An owner with a company and a project to convert into. */
async function setUp(baseUrl: string): Promise<Api> {
  const email = `pdf-bench.${Date.now().toString(36)}@example.com`;
  const { token } = await call<{ token: string }>({ baseUrl }, 'POST', '/users', { name: 'Bench Owner', phone: '+1 555 123 4567', email, password: 'bench-password-1' });
  const company = await call<{ id: number }>({ baseUrl, token }, 'POST', '/companies', {
    name: 'Bench Plans Co',
    ein: '12-3456789',
    address: '100 Main Street',
    country: 'US',
    state: 'TX',
    city: 'Austin',
    zip: '78701',
    contactName: 'Bench Owner',
    contactPhone: '+1 512 555 0100',
    contactEmail: 'office@bench.example',
  });
  const project = await call<{ id: number }>({ baseUrl, token, companyId: company.id }, 'POST', `/companies/${company.id}/projects`, { projectName: 'Plan Set', code: 'PDF-1' });
  return { baseUrl, token, companyId: company.id, projectId: project.id };
}

/** Uploads and waits for the conversion's end, calling `progress` at each poll. */
async function convert(api: Api, bytes: Buffer, ratio: number, progress: (c: PdfConversion) => void = () => undefined): Promise<PdfConversion> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'plans.pdf');
  const res = await fetch(`${api.baseUrl}/api/v1/to-images?projectId=${api.projectId}&ratio=${ratio}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}`, 'x-company-id': String(api.companyId) },
    body: form,
  });
  if (res.status !== 202) throw new Error(`POST /to-images: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as PdfConversion;
  for (;;) {
    const c = await call<PdfConversion>(api, 'GET', `/to-images/${id}`);
    progress(c);
    if (c.status === 'done') return c;
    if (c.status === 'failed') throw new Error(`conversion failed: ${c.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024, 1);
}

export async function benchPdfOptimiser(server: { baseUrl: string; serverPid(): Promise<number> }, log: (line: string) => void): Promise<PdfOptimiserRun> {
  const api = await setUp(server.baseUrl);
  log(`  pdf optimiser: a plan set of ${PLAN_PAGES} sheets of 36 × 24 in ...`);
  const plans = await planSet(PLAN_PAGES);
  const ratios: RatioRun[] = [];
  for (const ratio of [1, 2]) {
    const start = process.hrtime.bigint();
    const done = await convert(api, plans, ratio);
    const serverPagesPerSec = done.pagesDone / seconds(start);
    const ceilingPagesPerSec = await ceiling(plans, ratio);
    ratios.push({ ratio, pages: done.pagesDone, serverPagesPerSec: round(serverPagesPerSec), ceilingPagesPerSec: round(ceilingPagesPerSec), ratioToCeiling: round(serverPagesPerSec / ceilingPagesPerSec) });
  }

  log(`  pdf optimiser: a ${LARGE_MB} MB set of scanned sheets ...`);
  const scanned = await scannedSet(LARGE_MB);
  const pid = await server.serverPid();
  const before = await rssMb(pid);
  const samples: number[] = [];
  let atFirstPage = 0;
  const timer = setInterval(() => void rssMb(pid).then((mb) => samples.push(mb)), 250);
  const start = process.hrtime.bigint();
  try {
    await convert(api, scanned.bytes, 1, (c) => {
      if (!atFirstPage && c.pagesDone >= 1) void rssMb(pid).then((mb) => (atFirstPage = mb));
    });
  } finally {
    clearInterval(timer);
  }
  const took = seconds(start);
  const end = await rssMb(pid);
  return {
    planSet: { pages: PLAN_PAGES, megabytes: round(plans.length / 1024 / 1024) },
    ratios,
    large: { megabytes: round(scanned.bytes.length / 1024 / 1024), pages: scanned.pages, seconds: round(took), rssMb: { before, atFirstPage, peak: Math.max(before, end, ...samples), end, samples } },
  };
}

export function printPdfOptimiser(run: PdfOptimiserRun, log: (line: string) => void) {
  log(`PDF optimiser: ${run.planSet.pages} sheets of 36 × 24 in (${run.planSet.megabytes} MB)`);
  for (const r of run.ratios) log(`  ratio ${r.ratio}: ${r.serverPagesPerSec} pages/s through the server, ${r.ceilingPagesPerSec} pages/s pdf.js alone (${r.ratioToCeiling} of the ceiling)`);
  const m = run.large.rssMb;
  log(`  ${run.large.megabytes} MB, ${run.large.pages} scanned sheets in ${run.large.seconds} s; server RSS ${m.before} MB before, ${m.atFirstPage} MB at the first page, ${m.peak} MB at most, ${m.end} MB at the end`);
}
