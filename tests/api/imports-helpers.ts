import { multipart, type TestServer } from './harness.js';
import type { Caller } from './budgets-helpers.js';

export { csvOf, honestBomb, lyingBomb, xlsxOf } from '../unit/server/imports/sheet-fixtures.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** POSTs a spreadsheet to an import route as the caller (multipart: file, and optional fields). */
export function postSheet(s: TestServer, who: Pick<Caller, 'token' | 'headers'>, path: string, bytes: Buffer, name = 'items.xlsx', fields: Record<string, string> = {}) {
  const form = multipart(fields, { name, type: name.endsWith('.csv') ? 'text/csv' : XLSX, bytes });
  return s.call('POST', `/api/v1${path}`, { token: who.token, body: form.body, headers: { ...who.headers, ...form.headers } });
}
