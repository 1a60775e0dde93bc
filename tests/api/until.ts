type NotYet = null | undefined | false;

/**
 * Polls `probe` every `everyMs` until it answers something other than null, undefined or false, and
 * answers that; fails naming `what` after `timeoutMs`. A condition is a probe answering a boolean.
 */
export async function until<T>(
  what: string,
  probe: () => T | NotYet | Promise<T | NotYet>,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== null && found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
