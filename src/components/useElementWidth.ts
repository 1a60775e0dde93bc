import { useCallback, useState } from 'react';

/**
 * A callback ref and the width of the element it is on, kept as the element resizes (the navigation
 * drawer folding, a phone turning); undefined until measured. Where a layout depends on the room a
 * component actually has rather than on the window's width.
 */
export function useElementWidth<T extends HTMLElement>() {
  const [width, setWidth] = useState<number | undefined>(undefined);
  const ref = useCallback((element: T | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
