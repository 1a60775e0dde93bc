import { writeFile } from 'node:fs/promises';
import { xlsxOf } from '../tests/unit/server/imports/sheet-fixtures.js';
import { readSheet, XLSX_TYPE } from '../server/modules/imports/sheet-read.js';

const bytes = await xlsxOf([
  ['Item Code', 'Item', 'Qty', 'Unit price', 'Description', 'Colour'],
  ['asp', '', 10, 95.5, 'Top course', 'red'],
  ['', 'pipe', 3, '12.25', '', ''],
  ['', 'Labor', 1, { formula: 'Z9*2' }, '', ''],
]);
await writeFile('/tmp/repro.xlsx', bytes);
setInterval(() => { const t = Date.now() + Math.random() * 30; while (Date.now() < t); }, 5);
let bad = 0; const msgs = new Map<string, number>();
const conc = Number(process.argv[2] ?? 20);
for (let round = 0; round < 50; round++) {
  const res = await Promise.allSettled(Array.from({ length: conc }, () => readSheet({ spoolPath: '/tmp/repro.xlsx', contentType: XLSX_TYPE })));
  for (const r of res) {
    if (r.status === 'rejected') { bad++; const m = String((r.reason as Error).message); msgs.set(m, (msgs.get(m) ?? 0) + 1); }
    else if (r.value.rows.length !== 3) { bad++; msgs.set('rows ' + r.value.rows.length, (msgs.get('rows ' + r.value.rows.length) ?? 0) + 1); }
  }
}
console.log('bad', bad, 'of', 50 * conc, [...msgs]); process.exit(0);
