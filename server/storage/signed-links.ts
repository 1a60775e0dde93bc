import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Services } from '../services.js';
import { staticUrl } from './file-store.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Links to a file's bytes that carry their own permission: <img>, <video>, the PDF viewer and
 * download links cannot send the session header, so an answer that showed the caller a file hands
 * out a link signed for it. A link lives one to two hours: its expiry is the end of the next full
 * hour, so the same file keeps the same link for a while and browsers can cache what it shows.
 */
function signature(secret: string, publicId: string, expires: number, download: boolean) {
  return createHmac('sha256', secret).update(`file-link:${publicId}:${expires}:${download ? 'attachment' : 'inline'}`).digest('base64url');
}

/**
 * `version` names the bytes (the object's name): a file whose bytes are replaced (an edited image)
 * keeps its id but gets a new link, since browsers keep what a link showed for as long as it lives.
 */
export function signedFileUrl(services: Services, publicId: string, opts: { download?: boolean; version?: string; now?: number } = {}): string {
  const expires = (Math.floor((opts.now ?? Date.now()) / HOUR_MS) + 2) * HOUR_MS;
  const download = opts.download ?? false;
  const sig = signature(services.config.authSecret, publicId, expires, download);
  const version = opts.version ? `v=${encodeURIComponent(opts.version.slice(opts.version.lastIndexOf('/') + 1))}&` : '';
  return `${staticUrl(publicId)}?${version}expires=${expires}&sig=${sig}${download ? '&download=1' : ''}`;
}

export interface LinkQuery {
  expires?: string;
  sig?: string;
  download?: string;
}

/** Whether the query signs this file for now; a link for viewing does not serve as a download link's and back. */
export function verifyFileLink(services: Services, publicId: string, query: LinkQuery, now = Date.now()): boolean {
  const expires = Number(query.expires);
  if (!query.sig || !Number.isSafeInteger(expires) || expires < now) return false;
  const wanted = Buffer.from(signature(services.config.authSecret, publicId, expires, query.download === '1'));
  const given = Buffer.from(query.sig);
  return wanted.length === given.length && timingSafeEqual(wanted, given);
}
