import { createHash, type Hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** SHA-256 (hex) of a request's method, URL and body. */
export interface BodyFingerprint {
  /** Over the body read so far: all of it once Fastify has parsed it, nothing for a body left to the handler. */
  soFar(): string;
  /** Over the whole body, once it was read to its end; else null. */
  whole(): string | null;
  /** Reads the rest of a body nobody else will read (a replayed upload) and answers whole(). */
  drain(): Promise<string | null>;
}

const boundaryOf = (contentType: string | undefined) =>
  /^multipart\//i.test(contentType ?? '') ? (/boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType!)?.slice(1).find(Boolean) ?? null) : null;

/** Feeds the hash every byte but the occurrences of `needle`, which may straddle chunks. */
function skipping(hash: Hash, needle: Buffer) {
  let carry = Buffer.alloc(0);
  return {
    write(chunk: Buffer) {
      let rest = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      for (let at = rest.indexOf(needle); at >= 0; at = rest.indexOf(needle)) {
        hash.update(rest.subarray(0, at));
        rest = rest.subarray(at + needle.length);
      }
      const keep = Math.min(rest.length, needle.length - 1);
      hash.update(rest.subarray(0, rest.length - keep));
      carry = Buffer.from(rest.subarray(rest.length - keep));
    },
    end: () => void hash.update(carry),
  };
}

/**
 * Hashes the body as its bytes flow to whoever reads them (Fastify's JSON parser, or the handler's
 * multipart reader), so an upload is never held in memory. A multipart body is hashed without its
 * boundary: a client sending the same form again picks a new one. Call before the body is read.
 */
export function fingerprintBody(req: FastifyRequest): BodyFingerprint {
  const hash = createHash('sha256').update(`${req.method} ${req.url}\n`);
  const boundary = boundaryOf(req.headers['content-type']);
  const feed = boundary ? skipping(hash, Buffer.from(boundary)) : { write: (chunk: Buffer) => void hash.update(chunk), end: () => undefined };
  const raw = req.raw;
  let digest: string | null = null;
  const ended = new Promise<string | null>((resolve) => {
    raw.once('end', () => {
      feed.end();
      digest = hash.digest('hex');
      resolve(digest);
    });
    raw.once('close', () => resolve(digest));
  });
  // Paused first, a data listener leaves the flow to the body's own reader (which resumes it): no byte is missed.
  raw.pause();
  raw.on('data', feed.write);
  return {
    soFar: () => digest ?? hash.copy().digest('hex'),
    whole: () => digest,
    drain: () => {
      raw.resume();
      return ended;
    },
  };
}
