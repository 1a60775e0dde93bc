import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

/**
 * A local endpoint for webhook tests: records every POST, and answers with the status `answer`
 * gives for the n-th request (200 unless told otherwise).
 */
export async function startReceiver(answer: (n: number, req: Received) => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // kept as text
      }
      const r = { headers: req.headers, body, json };
      received.push(r);
      const status = answer(received.length, r);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Webhook settings for API tests: the local receiver allowed, retries far enough apart that a test triggers them itself. */
export const WEBHOOK_TEST_SETTINGS = { allowPrivate: true, timeoutMs: 2000, retryBaseMs: 60_000, retryMaxMs: 120_000, retryForMs: 10 * 60_000 };

/** A receiver for the enclosing describe: started before its tests, closed after them. */
export function useReceiver() {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  return () => receiver;
}
