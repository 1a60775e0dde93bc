import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy or client sent is kept so one request can be followed through their logs and ours; it
 * must be short and plain, since it is written into every log line and sent back as a header.
 */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the incoming X-Request-Id when it is safe, else a new random one. */
export function requestId(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_ID.test(sent) ? sent : randomUUID();
}

/** The request being answered; closed once answered, so work it started that logs later is not mistaken for it. */
interface InFlight {
  id: string;
  open: boolean;
}

const inFlight = new AsyncLocalStorage<InFlight>();
const byRequest = new WeakMap<FastifyRequest, InFlight>();
/** Whether a logger already binds reqId (Fastify's per-request child logger does). */
const bindsReqId = new WeakMap<object, boolean>();

/**
 * pino's mixin: a line the services log through the server's logger while a request is answered names
 * that request too, as the lines of the request's own logger do.
 */
export function requestIdMixin(_line: object, _level: number, logger: { bindings(): Record<string, unknown> }): object {
  const current = inFlight.getStore();
  if (!current?.open) return {};
  let bound = bindsReqId.get(logger);
  if (bound === undefined) {
    bound = 'reqId' in logger.bindings();
    bindsReqId.set(logger, bound);
  }
  return bound ? {} : { reqId: current.id };
}

/** Every answer names its request, 404s and errors included (the error handler sets it too, for errors raised before routing). */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    const current = { id: req.id, open: true };
    byRequest.set(req, current);
    // The rest of the request's lifecycle runs inside this context.
    inFlight.run(current, done);
  });
  const close = (req: FastifyRequest, _reply: unknown, done: () => void) => {
    const current = byRequest.get(req);
    if (current) current.open = false;
    done();
  };
  app.addHook('onResponse', close);
  app.addHook('onRequestAbort', (req, done) => close(req, null, done));
}
