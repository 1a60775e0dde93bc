import type { Redis } from 'ioredis';

/**
 * ioredis' retryStrategy for every connection the server opens: soon after Redis went away, then once a
 * second while it stays away, so service resumes within about a second of its return (BullMQ's own
 * default waits up to 20 s between tries, ioredis' up to 2 s).
 */
export const reconnectDelay = (times: number) => Math.min(times * 100, 1000);

/**
 * Makes every command of `client` that fails reported to `onFailure` as well as to whoever waits on it.
 * Libraries send commands without waiting on them (the socket adapter's publishes and unsubscribes,
 * ioredis' own re-subscribe after a reconnect); one that fails, as it does when the client closes
 * with it still unanswered, would otherwise be an unhandled rejection, which ends a Node process.
 * CLIENT commands are ioredis' own greeting (SETINFO, which Redis before 7.2 refuses), already handled.
 */
export function reportFailedCommands(client: Redis, onFailure: (err: Error) => void) {
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    const sent = send(...args);
    if (sent instanceof Promise && args[0].name !== 'client') sent.catch(onFailure);
    return sent;
  }) as Redis['sendCommand'];
}

/** How long a closing client waits for Redis to answer what it was sent before dropping the connection. */
const QUIT_GRACE_MS = 1000;

/**
 * Closes a client for good: QUIT first when it looks connected, so what was sent is answered, then
 * dropped. Bounded, as a client that has not yet seen Redis go (still "ready", its commands already
 * waiting in the offline queue) would queue the QUIT too and wait for Redis to return, holding up
 * the stop.
 */
export async function closeRedisClient(client: Redis) {
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUIT_GRACE_MS)));
    await Promise.race([client.quit().catch(() => undefined), grace]);
    clearTimeout(timer);
  }
  client.disconnect();
}
