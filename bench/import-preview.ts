// A 5,000-row budget previewed from an xlsx (issue 23): the project's draft budget, the rows naming
// the company's catalog items by code, each file different (whole quantities and prices drawn anew), sent
// one after another as the import dialog sends them. Bar: p95 at most 2 s.
import ExcelJS from 'exceljs';
import type { RunningServer } from './server.js';
import { seedCall } from './seed-sql.js';

export const IMPORT_BENCH = { rows: 5000, previews: 10, barP95Ms: 2000 };

export interface ImportPreviewRun {
  rows: number;
  previews: number;
  /** Milliseconds per preview, from sending the file to the whole answer. */
  p50: number;
  p95: number;
  max: number;
  fileKb: number;
}

async function budgetSheet(codes: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Budget');
  sheet.addRow(['Code', 'Name', 'Quantity', 'Unit price', 'Description']);
  for (let i = 0; i < IMPORT_BENCH.rows; i++) {
    sheet.addRow([codes[i % codes.length], '', 1 + Math.floor(Math.random() * 10_000), Math.round(Math.random() * 50_000) / 100, `Line ${i + 1}`]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function benchImportPreview(server: RunningServer, world: { companyId: number; headers: Record<string, string>; catalogCodes: string[] }, log: (line: string) => void): Promise<ImportPreviewRun> {
  const project = await seedCall('import bench', server.baseUrl, 'POST', `/companies/${world.companyId}/projects`, { projectName: 'Estimate Import', code: `IMP-${Date.now().toString(36)}` }, world.headers);
  const url = `${server.baseUrl}/api/v1/projects/${project.id}/budgets/${project.budgetId}/items/import/preview`;
  log(`  budget import: previewing ${IMPORT_BENCH.previews} different ${IMPORT_BENCH.rows}-row xlsx files ...`);
  const times: number[] = [];
  let fileKb = 0;
  for (let i = 0; i < IMPORT_BENCH.previews; i++) {
    const bytes = await budgetSheet(world.catalogCodes);
    fileKb = Math.round(bytes.length / 1024);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'estimate.xlsx');
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: world.headers, body: form });
    const body = (await res.json()) as { counts?: { matched: number } };
    times.push(performance.now() - started);
    if (res.status !== 200 || body.counts?.matched !== IMPORT_BENCH.rows) throw new Error(`preview answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
  return { rows: IMPORT_BENCH.rows, previews: times.length, p50: at(50), p95: at(95), max: Math.round(sorted.at(-1)!), fileKb };
}

export const importPreviewFailures = (database: string, r: ImportPreviewRun) =>
  r.p95 > IMPORT_BENCH.barP95Ms ? [`${database} budget import preview: p95 ${r.p95} ms, over ${IMPORT_BENCH.barP95Ms} ms`] : [];

export function printImportPreview(database: string, r: ImportPreviewRun, log: (line: string) => void) {
  log(`${database}: a ${r.rows}-row budget xlsx (${r.fileKb} KB) previewed ${r.previews} times: p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms (bar: p95 ≤ ${IMPORT_BENCH.barP95Ms} ms)`);
}
