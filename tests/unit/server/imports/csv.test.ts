import { CsvError, decodeCsv, parseCsv } from '../../../../server/modules/imports/csv.js';

describe('imports: CSV reader', () => {
  it('reads quotes, doubled quotes, separators and line breaks inside quotes, CRLF and a BOM', () => {
    const sheet = parseCsv('\ufeffCode,Name,Description\r\nA,"Asphalt, hot","He said ""top"""\r\nB,Pipe,"two\nlines"\n\nC,,\n');
    expect(sheet.separator).toBe(',');
    expect(sheet.records).toEqual([
      { line: 1, cells: ['Code', 'Name', 'Description'] },
      { line: 2, cells: ['A', 'Asphalt, hot', 'He said "top"'] },
      { line: 3, cells: ['B', 'Pipe', 'two\nlines'] },
      { line: 6, cells: ['C', '', ''] },
    ]);
  });

  it('takes semicolons when the header holds more of them than commas', () => {
    const sheet = parseCsv('Code;Name;Price\nA;Asphalt;12,50\n');
    expect(sheet.separator).toBe(';');
    expect(sheet.records[1]!.cells).toEqual(['A', 'Asphalt', '12,50']);
  });

  it('refuses a quote never closed, a quote inside an unquoted value and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a,b\n"open,x\n')).toThrow(new CsvError('Line 2: a quoted value is never closed'));
    expect(() => parseCsv('a,b\nab"c,d\n')).toThrow(new CsvError('Line 2: a quote inside an unquoted value'));
    expect(() => parseCsv('a,b\n"x"y,d\n')).toThrow(new CsvError('Line 2: text after a closing quote'));
  });

  it('stops once past the record limit', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `r${i},x`).join('\n');
    expect(parseCsv(text, 10).records.length).toBe(11);
  });

  it('decodes UTF-8, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeCsv(Buffer.from('Café', 'utf8'))).toBe('Café');
    expect(decodeCsv(Buffer.from([0x43, 0x61, 0x66, 0xe9]))).toBe('Café');
  });
});
