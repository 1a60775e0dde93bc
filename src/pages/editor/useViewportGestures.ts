import { useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { zoomAround, type Size, type View } from './viewport-math';

/** A gesture's change of the view so far, as a screen-space scale `s` then shift (`tx`, `ty`). */
interface Moved {
  s: number;
  tx: number;
  ty: number;
}

const still = (): Moved => ({ s: 1, tx: 0, ty: 0 });

/**
 * Zoom and pan by hand on the sheet's viewport: the wheel zooms around the pointer (a trackpad's
 * two-finger scroll pans), a drag pans when `panning()` says so (the hand tool, space held, the
 * middle button), and two fingers pinch-zoom and pan in any tool. Pointer events are taken in the
 * capture phase, so the drawing layer under them never sees a pan.
 *
 * A drag or pinch does not go through React: each frame it moves `layers` (the element holding the
 * sheet and the drawings) by a CSS transform, and the view is set once, when the fingers lift. Setting
 * the view on every pointer move re-rendered the whole editor and dropped frames.
 */
export function useViewportGestures(
  ref: RefObject<HTMLElement | null>,
  layers: RefObject<HTMLElement | null>,
  setView: (update: (v: View) => View) => void,
  panning: (e: PointerEvent) => boolean,
) {
  const latest = useRef({ setView, panning });
  latest.current = { setView, panning };

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const pointers = new Map<number, [number, number]>();
    let dragging = false;
    let moved = still();
    /** Where the gesture's fingers last were. */
    let at: [number, number] = [0, 0];
    let frame = 0;
    const paint = () => {
      frame = 0;
      const style = layers.current?.style;
      if (style) style.transform = moved.s === 1 && !moved.tx && !moved.ty ? '' : `translate(${moved.tx}px, ${moved.ty}px) scale(${moved.s})`;
    };
    /** The gesture ends: the view takes what it moved, and the transform goes in the same frame. */
    const commit = () => {
      if (frame) cancelAnimationFrame(frame);
      const { s, tx, ty } = moved;
      moved = still();
      // A pinch past the zoom's bounds comes back to them around where the fingers were.
      const to = (v: View): View => zoomAround({ zoom: v.zoom * s, x: s * v.x + tx, y: s * v.y + ty }, v.zoom * s, at);
      if (s !== 1 || tx || ty) flushSync(() => latest.current.setView(to));
      paint();
    };
    const local = (e: { clientX: number; clientY: number }): [number, number] => {
      const box = el.getBoundingClientRect();
      return [e.clientX - box.left, e.clientY - box.top];
    };
    const centre = () => {
      const ps = [...pointers.values()];
      return [ps.reduce((s, p) => s + p[0], 0) / ps.length, ps.reduce((s, p) => s + p[1], 0) / ps.length] as [number, number];
    };
    const spread = () => {
      const [a, b] = [...pointers.values()];
      return a && b ? Math.hypot(a[0] - b[0], a[1] - b[1]) : 0;
    };

    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const at = local(e);
      // A pinch on a trackpad arrives as a wheel with ctrlKey; a plain wheel of a mouse zooms too, in steps.
      if (e.ctrlKey || e.deltaMode !== 0 || Math.abs(e.deltaX) < 1) {
        const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : e.ctrlKey ? 0.01 : 0.002));
        latest.current.setView((v) => zoomAround(v, v.zoom * factor, at));
      } else {
        latest.current.setView((v) => ({ ...v, x: v.x - e.deltaX, y: v.y - e.deltaY }));
      }
    };
    const onDown = (e: PointerEvent) => {
      pointers.set(e.pointerId, local(e));
      if (pointers.size >= 2 || latest.current.panning(e)) {
        dragging = true;
        e.stopPropagation();
        el.setPointerCapture?.(e.pointerId);
      }
    };
    const onMove = (e: PointerEvent) => {
      const prev = pointers.get(e.pointerId);
      if (!prev || !dragging) return;
      e.stopPropagation();
      const beforeCentre = centre();
      const beforeSpread = spread();
      pointers.set(e.pointerId, local(e));
      const afterCentre = centre();
      const afterSpread = spread();
      // Shift by the centre's move, then scale around the new centre by the fingers' spread.
      const r = beforeSpread > 0 && afterSpread > 0 ? afterSpread / beforeSpread : 1;
      const [cx, cy] = (at = afterCentre);
      const tx = moved.tx + afterCentre[0] - beforeCentre[0];
      const ty = moved.ty + afterCentre[1] - beforeCentre[1];
      moved = { s: moved.s * r, tx: cx - (cx - tx) * r, ty: cy - (cy - ty) * r };
      frame ||= requestAnimationFrame(paint);
    };
    const onUp = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
      if (dragging) e.stopPropagation();
      if (pointers.size === 0 && dragging) {
        dragging = false;
        commit();
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('pointerdown', onDown, true);
    el.addEventListener('pointermove', onMove, true);
    el.addEventListener('pointerup', onUp, true);
    el.addEventListener('pointercancel', onUp, true);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('pointerdown', onDown, true);
      el.removeEventListener('pointermove', onMove, true);
      el.removeEventListener('pointerup', onUp, true);
      el.removeEventListener('pointercancel', onUp, true);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref, layers]);
}

/** The viewport's size in CSS px, followed as it resizes. */
export function useViewportSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setSize({ width: el.clientWidth || 1024, height: el.clientHeight || 640 });
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

const isTyping = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) || !!t.closest('[role="dialog"]'));

/**
 * The editor's keys on the window, left alone while typing in a field or a dialog; `space` is held
 * true while the space bar is down (panning). The latest handler is called, not the first one.
 */
export function useEditorKeys(space: RefObject<boolean>, onKey: (e: KeyboardEvent) => void) {
  const latest = useRef(onKey);
  latest.current = onKey;
  useEffect(() => {
    const down = (e: KeyboardEvent) => !isTyping(e.target) && latest.current(e);
    const up = (e: KeyboardEvent) => {
      if (e.key === ' ') space.current = false;
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [space]);
}
