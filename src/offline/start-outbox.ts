import { type Outbox, outbox as appOutbox } from './outbox';

/**
 * Sends what waits now, when the connection returns and when the app comes back to the screen:
 * Safari has no background sync, so the page itself must notice. Answers a stop function.
 */
export function startOutbox(outbox: Outbox = appOutbox): () => void {
  const send = () => void outbox.flush({ now: true });
  const onVisible = () => {
    if (document.visibilityState === 'visible') send();
  };
  // Without it the browser may clear the outbox's storage when the phone runs short of space.
  void navigator.storage?.persist?.();
  window.addEventListener('online', send);
  document.addEventListener('visibilitychange', onVisible);
  send();
  return () => {
    window.removeEventListener('online', send);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
