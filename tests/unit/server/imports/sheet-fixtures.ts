import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/** Spreadsheets for the import tests: real xlsx from exceljs, and hand-made zips for the bomb guard. */

export type CellValue = string | number | null | { formula: string; result?: number | string };

/** An xlsx workbook of one sheet holding these rows (row 1 first). */
export async function xlsxOf(rows: CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row as unknown[]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const csvOf = (rows: Array<Array<string | number>>, separator = ',') => Buffer.from(rows.map((r) => r.join(separator)).join('\r\n') + '\r\n');

/**
 * A zip with the given parts, deflated; `declare` overrides a part's size in the directory (a bomb
 * that lies about what it unpacks to). CRCs are left at 0: the guard refuses before anything checks them.
 */
export function zipOf(parts: Array<{ name: string; bytes: Buffer; declare?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = deflateRawSync(part.bytes);
    const name = Buffer.from(part.name);
    const size = part.declare ?? part.bytes.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** 60 MB of zeros in a few dozen kilobytes: over the size and the ratio limits, honestly declared. */
export const honestBomb = () => zipOf([{ name: 'xl/worksheets/sheet1.xml', bytes: Buffer.alloc(60 * 1024 * 1024) }]);
/** 20 MB of zeros declared as 1 kB: only inflating finds it. */
export const lyingBomb = () => zipOf([{ name: 'xl/worksheets/sheet1.xml', bytes: Buffer.alloc(20 * 1024 * 1024), declare: 1000 }]);
