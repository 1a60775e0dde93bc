/**
 * A ref for a scrollable MUI Tabs that keeps the selected tab in view. MUI scrolls to it on mount,
 * but with scrollButtons 'auto' the buttons appear afterwards on a narrow screen, the scroller
 * shrinks, and the selected tab ends up under the end button; re-align whenever the scroller resizes.
 */
export function keepSelectedTabInView(tabs: HTMLDivElement | null) {
  const scroller = tabs?.querySelector<HTMLElement>('.MuiTabs-scroller');
  if (!scroller || typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(() => {
    const tab = scroller.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!tab) return;
    const view = scroller.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < view.left) scroller.scrollLeft -= view.left - box.left;
    else if (box.right > view.right) scroller.scrollLeft += box.right - view.right;
  });
  observer.observe(scroller);
  return () => observer.disconnect();
}
