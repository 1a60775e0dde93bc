import type { CrudSort } from '@refinedev/core';
import { dataProvider } from '../providers/data-provider';

const PAGE = 200;
/** Beyond this a CSV is the wrong tool; the export says so instead of freezing the browser. */
export const EXPORT_LIMIT = 20000;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: Array<{ field: string; headerName: string }>, rows: Array<Record<string, unknown>>): string {
  const lines = [columns.map((c) => cell(c.headerName)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(row[c.field])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Fetches every row of the current view page by page (reporting progress) and returns the CSV text. */
export async function exportRows(opts: {
  resource: string;
  meta: Record<string, unknown>;
  sorters: CrudSort[];
  columns: Array<{ field: string; headerName: string }>;
  onProgress: (done: number, total: number) => void;
}): Promise<string> {
  const rows: Array<Record<string, unknown>> = [];
  let total = Infinity;
  for (let page = 1; rows.length < Math.min(total, EXPORT_LIMIT); page++) {
    const res = await dataProvider.getList({
      resource: opts.resource,
      meta: opts.meta,
      sorters: opts.sorters,
      pagination: { currentPage: page, pageSize: PAGE, mode: 'server' },
    });
    total = res.total;
    rows.push(...(res.data as Array<Record<string, unknown>>));
    opts.onProgress(rows.length, Math.min(total, EXPORT_LIMIT));
    if (res.data.length < PAGE) break;
  }
  return toCsv(opts.columns, rows.slice(0, EXPORT_LIMIT));
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}
