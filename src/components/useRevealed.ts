import { useEffect, useRef } from 'react';

/**
 * A ref for a message that must be seen where it appears: each time `value` changes to something, the
 * element is scrolled into the visible part of its scroller. On a phone the tap that caused an error
 * is often at the bottom of a long full-screen dialog, and a message placed elsewhere stays unseen.
 */
export function useRevealed<T extends HTMLElement>(value: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (value) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [value]);
  return ref;
}
