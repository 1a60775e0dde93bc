import { useEffect } from 'react';

/**
 * While a side panel is open, focus that falls to the page body (the focused button went away: a
 * retried error, a deleted note, a saved form) returns to the panel, so Escape still closes it and
 * Tab stays in it. Browsers fire no event when a focused element is removed, hence the short poll.
 */
export function useKeepFocusIn(panelId: string, open: boolean) {
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      const panel = document.getElementById(panelId);
      if (!panel || (document.activeElement && document.activeElement !== document.body)) return;
      if (!panel.hasAttribute('tabindex')) panel.setAttribute('tabindex', '-1');
      panel.focus();
    }, 100);
    return () => clearInterval(timer);
  }, [panelId, open]);
}
