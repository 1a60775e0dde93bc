/**
 * A small strict CSV reader for imports: a UTF-8 byte order mark is dropped, the separator is a comma
 * or a semicolon (whichever the header line holds more of, outside quotes), fields may be quoted with
 * "" for a quote inside, lines end in LF or CRLF. A quote in the middle of an unquoted field, or a
 * quoted field never closed, is an error naming its line rather than a guess.
 */

export interface CsvSheet {
  separator: ',' | ';';
  /** Each record with the line it starts on (1-based), blank lines left out. */
  records: Array<{ line: number; cells: string[] }>;
}

export class CsvError extends Error {}

/** Bytes as text: UTF-8 when they are valid UTF-8, else Windows-1252 (what Excel writes as "CSV" on Windows). */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function guessSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semis = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semis++;
  }
  return semis > commas ? ';' : ',';
}

/** Parses the text; `maxRecords` stops early (the caller refuses the file past it). */
export function parseCsv(input: string, maxRecords = Infinity): CsvSheet {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = guessSeparator(text);
  const records: CsvSheet['records'] = [];
  let cells: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let fieldStarted = false;
  const endRecord = () => {
    cells.push(field);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: recordLine, cells });
    cells = [];
    field = '';
    fieldStarted = false;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      if (fieldStarted && field.trim() !== '') throw new CsvError(`Line ${line}: a quote inside an unquoted value`);
      const openedAt = line;
      field = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvError(`Line ${openedAt}: a quoted value is never closed`);
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\n') line++;
        field += c;
        i++;
      }
      // After the closing quote only spaces may come before the separator or the line end.
      while (text[i] === ' ' || text[i] === '\t') i++;
      const after = text[i];
      if (after !== undefined && after !== separator && after !== '\n' && after !== '\r') throw new CsvError(`Line ${line}: text after a closing quote`);
      fieldStarted = true;
      continue;
    }
    if (ch === separator) {
      cells.push(field);
      field = '';
      fieldStarted = false;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      if (records.length > maxRecords) return { separator, records };
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    field += ch;
    fieldStarted = true;
    i++;
  }
  if (field !== '' || cells.length) endRecord();
  return { separator, records };
}
