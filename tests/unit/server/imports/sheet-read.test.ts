import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUDGET_IMPORT_COLUMNS } from '../../../../resources/imports.js';
import { cellOf, readSheet, SheetError, XLSX_TYPE } from '../../../../server/modules/imports/sheet-read.js';
import { mapColumns, readPrice, readQuantity } from '../../../../server/modules/imports/columns.js';
import { xlsxOf } from './sheet-fixtures.js';

async function spool(bytes: Buffer, contentType: string) {
  const spoolPath = path.join(tmpdir(), `sheet-${Math.random().toString(36).slice(2)}`);
  await writeFile(spoolPath, bytes);
  return { spoolPath, contentType };
}

describe('imports: reading a sheet', () => {
  it('reads an xlsx: header, rows by sheet number, formulas by their cached value, a formula without one as a problem', async () => {
    const bytes = await xlsxOf([
      ['Item code', 'QTY', 'Unit Price'],
      ['A', 3, { formula: '1+1', result: 2 }],
      [null, null, null],
      ['B', { formula: 'X1*2' }, 1.5],
    ]);
    const sheet = await readSheet(await spool(bytes, XLSX_TYPE));
    expect(sheet.header).toEqual(['Item code', 'QTY', 'Unit Price']);
    expect(sheet.rows.map((r) => r.row)).toEqual([2, 4]);
    expect(sheet.rows[0]!.cells[2]).toEqual({ kind: 'number', value: 2 });
    expect(sheet.rows[1]!.cells[1]).toMatchObject({ kind: 'problem', message: expect.stringMatching(/^formula without a value/) });
  });

  it('refuses more rows than the limit, with the limit in words', async () => {
    const rows = [['Name'], ...Array.from({ length: 12 }, (_, i) => [`n${i}`])];
    await expect(readSheet(await spool(await xlsxOf(rows), XLSX_TYPE), 10)).rejects.toThrow(new SheetError('The sheet has more than 10 rows: import at most 10 rows at once'));
    await expect(readSheet(await spool(Buffer.from(rows.join('\n')), 'text/csv'), 10)).rejects.toThrow(/more than 10 rows/);
  });

  it('maps headers without case through the aliases and refuses a sheet without the required columns', async () => {
    const sheet = await readSheet(await spool(Buffer.from('ITEM,  qty ,Price,Colour\nx,1,2,red\n'), 'text/csv'));
    expect(mapColumns(sheet, BUDGET_IMPORT_COLUMNS, [['code', 'name'], 'quantity'])).toEqual({ at: { name: 0, quantity: 1, price: 2 }, ignored: ['Colour'] });
    const wrong = await readSheet(await spool(Buffer.from('Foo,Bar\n1,2\n'), 'text/csv'));
    expect(() => mapColumns(wrong, BUDGET_IMPORT_COLUMNS, [['code', 'name']])).toThrow(/must name a column "code" or "item code", or "name" or "item" or "item name" \(found: Foo, Bar\)/);
  });

  it('reads money and quantities exactly: float noise as the sheet shows it, comma decimals in semicolon files, text refused', () => {
    expect(readPrice({ kind: 'number', value: 13.200000000000001 }, false)).toEqual({ ok: true, value: 1320n });
    expect(readPrice({ kind: 'text', text: '$1,234.50' }, false)).toEqual({ ok: true, value: 123450n });
    expect(readPrice({ kind: 'text', text: '12,5' }, true)).toEqual({ ok: true, value: 1250n });
    expect(readPrice({ kind: 'text', text: 'ten' }, false).ok).toBe(false);
    expect(readPrice({ kind: 'number', value: 1.234 }, false).ok).toBe(false);
    expect(readQuantity({ kind: 'text', text: '3.0' }, false)).toEqual({ ok: true, value: 3 });
    expect(readQuantity({ kind: 'number', value: 2.5 }, false).ok).toBe(false);
    expect(readQuantity({ kind: 'empty' }, false)).toEqual({ ok: true, value: 0 });
  });

  it('reads cell values: rich text, links, errors', () => {
    expect(cellOf({ richText: [{ text: 'As' }, { text: 'phalt' }] })).toEqual({ kind: 'text', text: 'Asphalt' });
    expect(cellOf({ text: 'link', hyperlink: 'http://x' })).toEqual({ kind: 'text', text: 'link' });
    expect(cellOf({ error: '#DIV/0!' })).toEqual({ kind: 'problem', message: 'the cell shows #DIV/0!' });
    expect(cellOf({ formula: 'A1', result: { error: '#REF!' } })).toEqual({ kind: 'problem', message: 'the cell shows #REF!' });
  });
});
