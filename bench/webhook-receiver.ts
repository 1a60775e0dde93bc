// The webhook bench's receiver, run as a process of its own (bench/webhook-deliveries.ts forks it): a
// receiver elsewhere never shares the load generator's event loop, so verifying 1,000 signatures does
// not slow the requests whose throughput the bench measures. It tells its parent its address, then
// answers each { secret } message with its counts so far.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../server/lib/webhooks/signing.js';

export interface ReceiverCounts {
  delivered: number;
  duplicates: number;
  badSignatures: number;
  /** When the last new delivery arrived (ms since the epoch). */
  last: number;
  /** When each production's first delivery arrived (ms since the epoch), by production id. */
  arrivals: Record<number, number>;
}

let secret = '';
const seen = new Set<string>();
const counts: ReceiverCounts = { delivered: 0, duplicates: 0, badSignatures: 0, last: 0, arrivals: {} };

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const delivery = String(req.headers['fieldwork-delivery'] ?? '');
    if (!verifySignature(secret, body, String(req.headers['fieldwork-signature'] ?? ''))) counts.badSignatures++;
    else {
      const payload = JSON.parse(body) as { event: string; ids: { productionId: number } };
      if (payload.event !== 'production.approved') return void res.writeHead(200).end('thanks');
      if (seen.has(delivery)) counts.duplicates++;
      else {
        seen.add(delivery);
        counts.delivered++;
        counts.last = Date.now();
        counts.arrivals[payload.ids.productionId] ??= counts.last;
      }
    }
    res.writeHead(200).end('thanks');
  });
});

process.on('message', (m: { secret?: string }) => {
  if (m.secret !== undefined) secret = m.secret;
  process.send!({ counts });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
server.listen(0, '127.0.0.1', () => process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` }));
