import { inflateRawSync } from 'node:zlib';
import { IMPORT_MAX_RATIO, IMPORT_MAX_UNZIPPED_BYTES, IMPORT_MAX_ZIP_ENTRIES } from '../../../resources/imports.js';

/**
 * Guards exceljs against zip bombs. exceljs inflates every part of an xlsx in memory, so before it
 * sees the bytes we read the zip's central directory (entry count, declared sizes, compression
 * ratios) and refuse past the limits; then we inflate each part ourselves with the output capped at
 * its declared size, since a bomb can simply lie about its sizes in the directory.
 */

export interface ZipLimits {
  maxBytes: number;
  maxRatio: number;
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxBytes: IMPORT_MAX_UNZIPPED_BYTES, maxRatio: IMPORT_MAX_RATIO, maxEntries: IMPORT_MAX_ZIP_ENTRIES };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Parts this small may compress well without mattering (styles, empty sheets). */
const RATIO_FLOOR = 1024 * 1024;

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** The problem with this xlsx's zip, in words for the person who uploaded it, or null when it is safe to open. */
export function zipProblem(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): string | null {
  const damaged = 'The file is not a readable xlsx (its zip structure is damaged)';
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return damaged;
  const entries = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) return 'The file is a ZIP64 archive, which an xlsx of this size never needs';
  if (entries > limits.maxEntries) return `The file holds ${entries} parts: an xlsx may hold at most ${limits.maxEntries}`;
  if (cdOffset + cdSize > buf.length) return damaged;
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) return damaged;
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const next = p + 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    total += size;
    if (total > limits.maxBytes) return `The file unpacks to more than ${mb(limits.maxBytes)}: refused as a possible zip bomb`;
    if (size > RATIO_FLOOR && size > compressed * limits.maxRatio) {
      return `A part of the file is compressed more than ${limits.maxRatio} times: refused as a possible zip bomb`;
    }
    const actual = inflatedSize(buf, localOffset, method, compressed, size);
    if (actual === null) return damaged;
    if (actual !== size) return 'A part of the file unpacks to more than it declares: refused as a possible zip bomb';
    p = next;
  }
  if (total > RATIO_FLOOR && total > buf.length * limits.maxRatio) {
    return `The file is compressed more than ${limits.maxRatio} times: refused as a possible zip bomb`;
  }
  return null;
}

/** The real size of one part, inflated with its output capped just past the declared size; null when it cannot be read. */
function inflatedSize(buf: Buffer, localOffset: number, method: number, compressed: number, declared: number): number | null {
  if (localOffset + 30 > buf.length || buf.readUInt32LE(localOffset) !== LOCAL) return null;
  const start = localOffset + 30 + buf.readUInt16LE(localOffset + 26) + buf.readUInt16LE(localOffset + 28);
  if (start + compressed > buf.length) return null;
  const data = buf.subarray(start, start + compressed);
  if (method === 0) return data.length;
  if (method !== 8) return null;
  try {
    return inflateRawSync(data, { maxOutputLength: declared + 1 }).length;
  } catch (err) {
    // Output past the cap is a lie about the size; anything else is a damaged stream.
    return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? declared + 1 : null;
  }
}
