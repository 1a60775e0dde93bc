/**
 * The type a file's first bytes say it is, never what the browser claimed: what we serve inline
 * must be what it looks like. Types not recognised here are served as downloads
 * (application/octet-stream) unless they read as plain text.
 */
const SIGNATURES: Array<{ type: string; test: (b: Buffer) => boolean }> = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { type: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  { type: 'video/mp4', test: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' && !/^(qt  |heic|heix|mif1)/.test(b.subarray(8, 12).toString('latin1')) },
  { type: 'video/quicktime', test: (b) => b.subarray(4, 12).toString('latin1') === 'ftypqt  ' },
  { type: 'video/webm', test: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) },
  { type: 'audio/mpeg', test: (b) => b.subarray(0, 3).toString('latin1') === 'ID3' },
  { type: 'audio/wav', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WAVE' },
  { type: 'application/zip', test: (b) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) },
];

/** Zip containers named as office documents are those documents (their bytes do not tell more cheaply). */
const ZIP_KINDS: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const TEXT_KINDS: Record<string, string> = { csv: 'text/csv', txt: 'text/plain', json: 'application/json', xml: 'text/xml' };

const extension = (filename: string) => filename.slice(filename.lastIndexOf('.') + 1).toLowerCase();
/** Own keys only: a file named `__proto__` or `constructor` must not read the object's prototype. */
const kindOf = (kinds: Record<string, string>, filename: string) => (Object.hasOwn(kinds, extension(filename)) ? kinds[extension(filename)] : undefined);

/** Text: valid UTF-8 without NUL or other control bytes besides tab and line ends. */
function looksLikeText(head: Buffer): boolean {
  if (!head.length) return false;
  // A multi-byte character cut at the end of the head is no reason to call it binary.
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, head.length - 3));
  // eslint-disable-next-line no-control-regex
  return !decoded.includes('\uFFFD') && !/[\u0000-\u0008\u000b\u000e-\u001f]/.test(decoded);
}

/** `head` is the file's first bytes (4 KB or all of a smaller file). */
export function sniffContentType(head: Buffer, filename: string): string {
  const found = SIGNATURES.find((s) => s.test(head))?.type;
  if (found === 'application/zip') return kindOf(ZIP_KINDS, filename) ?? found;
  if (found) return found;
  if (looksLikeText(head)) {
    // SVG is text that a browser would run script from: it is kept as an image but served so it cannot (see download.ts).
    if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head.toString('utf8'))) return 'image/svg+xml';
    return kindOf(TEXT_KINDS, filename) ?? 'text/plain';
  }
  return 'application/octet-stream';
}

export const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * A file name as people see it, from whatever the browser sent: the last path segment only (so
 * `../../etc/passwd` is `passwd`), control characters dropped, at most 255 characters; never empty.
 * Stored bytes live under generated names, so a name never reaches a file system path.
 */
export function safeFilename(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = base === '.' || base === '..' ? '' : base;
  return [...(name || 'file')].slice(0, 255).join('');
}
