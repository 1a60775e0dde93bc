import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER } from '../../../resources/webhook.js';
import { allowedAddresses, guardedLookup, hostOf } from './address-guard.js';
import { signatureHeader } from './signing.js';

/** Bytes of an answer kept for the deliveries list; the rest is not read. */
export const RESPONSE_KEEP_BYTES = 4096;

export interface SendOutcome {
  /** 2xx. */
  ok: boolean;
  status: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

export interface SendSettings {
  allowPrivate: boolean;
  timeoutMs: number;
}

/**
 * One POST of a delivery: signed with the time of this attempt, to an address the guard allowed
 * (resolved here, at delivery time, and connected to as resolved), no redirect followed (a 3xx is a
 * failure), the answer read up to RESPONSE_KEEP_BYTES, the whole attempt bounded by the timeout.
 * Never throws: the outcome says what went wrong.
 */
export async function sendDelivery(
  target: { url: string; secret: string; event: string; deliveryId: number; body: string },
  settings: SendSettings,
): Promise<SendOutcome> {
  const started = Date.now();
  const done = (o: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({ ...o, durationMs: Date.now() - started });
  let url: URL;
  try {
    url = new URL(target.url);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && settings.allowPrivate)) throw new Error('The endpoint must use https');
    // A literal address never goes through the lookup: check it here.
    if (isIP(hostOf(url))) await allowedAddresses(hostOf(url), settings.allowPrivate);
  } catch (err) {
    return done({ ok: false, status: null, responseBody: null, error: (err as Error).message });
  }
  const signature = signatureHeader(target.secret, target.body, Math.floor(Date.now() / 1000));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (o: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(done(o));
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(settings.allowPrivate) as any,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(target.body),
          'user-agent': 'Fieldwork-Webhooks/1',
          [SIGNATURE_HEADER]: signature,
          [EVENT_HEADER]: target.event,
          [DELIVERY_HEADER]: String(target.deliveryId),
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const end = () => {
          const status = res.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          finish({ ok, status, responseBody: Buffer.concat(chunks).toString('utf8') || null, error: ok ? null : `The endpoint answered ${status}` });
        };
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEEP_BYTES) {
            chunks.push(chunk.subarray(0, RESPONSE_KEEP_BYTES - kept));
            kept += Math.min(chunk.length, RESPONSE_KEEP_BYTES - kept);
          }
          // Enough to show: the status is known, the rest is not waited for.
          if (kept >= RESPONSE_KEEP_BYTES) end();
        });
        res.on('end', end);
        res.on('error', (err) => finish({ ok: false, status: res.statusCode ?? null, responseBody: null, error: err.message }));
      },
    );
    const timer = setTimeout(() => finish({ ok: false, status: null, responseBody: null, error: `No answer within ${settings.timeoutMs / 1000} s` }), settings.timeoutMs);
    req.on('error', (err) => finish({ ok: false, status: null, responseBody: null, error: err.message }));
    req.end(target.body);
  });
}
