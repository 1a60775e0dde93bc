import { useSyncExternalStore } from 'react';

/**
 * The contact the chat panel should open on (a pop-up's "Open", a toolbar shortcut), outside React
 * state so the pop-ups and the panel, mounted apart in the shell, share it.
 */
let target: number | null = null;
const listeners = new Set<() => void>();

export function openChatWith(contactId: number | null) {
  target = contactId;
  listeners.forEach((l) => l());
}

export function useChatTarget(): number | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => target,
  );
}
