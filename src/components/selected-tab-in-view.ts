/**
 * How long after the scroller resizes the selected tab is held in view, frame by frame. MUI may be
 * running a scroll animation (300 ms) towards a target it measured before the resize, or start one
 * after its 166 ms resize debounce; each frame of it would put back the position measured for the
 * old width.
 */
const SETTLE_MS = 600;

/**
 * A ref for a scrollable MUI Tabs that keeps the selected tab in view. MUI scrolls to it on mount,
 * but with scrollButtons 'auto' the buttons appear afterwards on a narrow screen, the scroller
 * shrinks, and the selected tab ends up under the end button; re-align whenever the scroller
 * resizes. MUI's own animated scroll, started for the width before the buttons appeared, goes on
 * setting the old position for 300 ms after that (seen on a project's Activity tab at 390 px: the tab
 * stayed under the end button), so the alignment is repeated on every frame for a moment after a
 * resize; it moves the tabs only when the selected one is out of view, and otherwise leaves them to
 * whoever scrolls them.
 */
export function keepSelectedTabInView(tabs: HTMLDivElement | null) {
  const scroller = tabs?.querySelector<HTMLElement>('.MuiTabs-scroller');
  if (!scroller || typeof ResizeObserver === 'undefined') return;
  const align = () => {
    const tab = scroller.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!tab) return;
    const view = scroller.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    // A pixel's rounding is not out of view (and writing it every frame would only fire scroll events).
    if (box.left < view.left - 1) scroller.scrollLeft -= view.left - box.left;
    else if (box.right > view.right + 1) scroller.scrollLeft += box.right - view.right;
  };
  let frame = 0;
  const hold = () => {
    cancelAnimationFrame(frame);
    const until = performance.now() + SETTLE_MS;
    const step = () => {
      align();
      if (performance.now() < until) frame = requestAnimationFrame(step);
    };
    step();
  };
  const observer = new ResizeObserver(hold);
  observer.observe(scroller);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
