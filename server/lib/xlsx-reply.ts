import type { FastifyReply } from 'fastify';
import { PassThrough, type Writable } from 'node:stream';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers an xlsx attachment that `write` streams out (exceljs' streaming writer) as it is written:
 * Fastify pipes the stream into reply.raw, its headers and logging kept. Read everything before
 * calling, so a failure is still an error answer; a failure while writing ends the stream.
 */
export function sendXlsx(reply: FastifyReply, fileName: string, write: (out: Writable) => Promise<void>) {
  const out = new PassThrough();
  write(out).catch((err: Error) => out.destroy(err));
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(out);
}
