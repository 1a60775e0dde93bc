import type { FastifyInstance } from 'fastify';

/** How long a stop may take before the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * SIGTERM and SIGINT stop the server gracefully: Fastify stops accepting connections and answers
 * requests in flight, socket.io clients are disconnected so they reconnect to another instance
 * (server/realtime/socket-server.ts), the job runner lets running jobs finish (or, on BullMQ and the
 * jobs table, leaves them to be taken again once their lock lapses), then the database closes. A stop
 * that hangs past the grace period, or a second signal, ends the process at once with code 1.
 */
export function stopOnSignals(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal, graceMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ graceMs }, 'shutdown took too long: exiting now');
      process.exit(1);
    }, graceMs);
    force.unref();
    // Closing reaps the connections idle at that moment; one whose request was in flight stays open
    // for its keep-alive after the answer, holding the stop until the client lets go.
    const reap = setInterval(() => app.server.closeIdleConnections(), 100);
    reap.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
