import { sniffContentType } from '../../../server/storage/content-type.js';

describe('the type of an upload from its bytes', () => {
  const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);

  it('names office documents and text by their extension, only when the bytes agree', () => {
    expect(sniffContentType(zip, 'budget.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(sniffContentType(zip, 'archive.zip')).toBe('application/zip');
    expect(sniffContentType(Buffer.from('a,b\n1,2\n'), 'items.CSV')).toBe('text/csv');
    expect(sniffContentType(Buffer.from('plain words'), 'notes')).toBe('text/plain');
  });

  // The input fuzzer's find: a name read as a key of the extension table answered its prototype, and the insert failed (500).
  it.each(['__proto__', 'constructor', 'x.__proto__', 'hasOwnProperty', 'toString'])('is a string for a file named %s', (name) => {
    expect(sniffContentType(Buffer.from(' '), name)).toBe('text/plain');
    expect(sniffContentType(zip, name)).toBe('application/zip');
  });
});
