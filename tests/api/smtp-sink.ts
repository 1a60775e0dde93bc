import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Received {
  to: string[];
  raw: string;
  /** When it arrived (Date.now()). */
  at: number;
}

/** A local SMTP sink that keeps every message it is handed; on a given port to stand in for a server that comes back. */
export async function startSink(port = 0) {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { received, port: (smtp.server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** A port nothing listens on: bound, read, released. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
