import { useNotification } from '@refinedev/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DASHBOARD_MESSAGES, type Dashboard, type Widget, type WidgetLayout } from '../../../resources/dashboard';
import type { ApiError } from '../../api/http';
import { dashboardApi, type DashboardPatch, type WidgetInput } from './dashboard-api';

/** The first row below every widget, where a new one goes. */
const bottomOf = (widgets: Widget[]) => widgets.reduce((y, w) => Math.max(y, w.layout.y + w.layout.h), 0);
const sameLayout = (a: WidgetLayout, b: WidgetLayout) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/**
 * The viewer's dashboards and the one open: its widgets are kept here so a widget being added shows
 * at once under a temporary id (spec 02 §4) and a drag shows before the server has it.
 */
export function useDashboardState(companyId: number | null) {
  const { open: notify } = useNotification();
  const [list, setList] = useState<Dashboard[] | null>(null);
  const [listError, setListError] = useState<ApiError | null>(null);
  const [current, setCurrent] = useState<Dashboard | null>(null);
  const [widgets, setWidgets] = useState<Widget[]>([]);
  const [loadingOne, setLoadingOne] = useState(false);
  const widgetsRef = useRef(widgets);
  widgetsRef.current = widgets;
  // Where the server has each widget, so a drag that ends where it began sends nothing.
  const savedLayouts = useRef(new Map<number, WidgetLayout>());
  const remember = (ws: Widget[]) => ws.forEach((w) => typeof w.id === 'number' && savedLayouts.current.set(w.id, w.layout));

  const fail = useCallback((title: string, err: unknown) => notify?.({ type: 'error', message: title, description: (err as ApiError).message }), [notify]);

  const reloadList = useCallback(async () => {
    try {
      setListError(null);
      setList(await dashboardApi.list());
    } catch (err) {
      setListError(err as ApiError);
    }
  }, []);
  useEffect(() => {
    setList(null);
    setCurrent(null);
    void reloadList();
  }, [reloadList, companyId]);

  const openDashboard = useCallback(async (id: number | null) => {
    if (id === null) {
      setCurrent(null);
      setWidgets([]);
      return;
    }
    setLoadingOne(true);
    try {
      const d = await dashboardApi.get(id);
      setCurrent(d);
      setWidgets(d.widgets);
      savedLayouts.current.clear();
      remember(d.widgets);
    } catch {
      setCurrent(null);
      setWidgets([]);
    } finally {
      setLoadingOne(false);
    }
  }, []);

  const replace = (d: Dashboard) => {
    setCurrent(d);
    setList((l) => l?.map((x) => (x.id === d.id ? { ...x, ...d } : x)) ?? l);
  };

  const create = async (name: string) => {
    const d = await dashboardApi.create({ name });
    setList((l) => [...(l ?? []), d]);
    notify?.({ type: 'success', message: DASHBOARD_MESSAGES.created });
    return d;
  };

  /** A change of the open dashboard; `message` is said once it is saved. */
  const update = async (patch: DashboardPatch, message: string | null = DASHBOARD_MESSAGES.updated) => {
    if (!current) return;
    const d = await dashboardApi.update(current.id, patch);
    replace({ ...d, widgets: d.widgets ?? widgetsRef.current });
    if (message) notify?.({ type: 'success', message });
    return d;
  };

  const remove = async () => {
    if (!current) return;
    await dashboardApi.remove(current.id);
    setList((l) => l?.filter((x) => x.id !== current.id) ?? l);
    notify?.({ type: 'success', message: DASHBOARD_MESSAGES.deleted });
  };

  /** Shown at once with a temporary id and a spinner; replaced by the saved widget, or taken away with the reason. */
  const addWidget = async (input: WidgetInput, size: { w: number; h: number }) => {
    if (!current) return;
    const layout = input.layout ?? { x: 0, y: bottomOf(widgetsRef.current), w: size.w, h: size.h };
    const tempId = `temp-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
    const temp: Widget = { id: tempId, dashboardId: current.id, title: input.title, type: input.type, filters: input.filters, configuration: input.configuration, layout, published: false };
    setWidgets((ws) => [...ws, temp]);
    try {
      const saved = await dashboardApi.addWidget(current.id, { ...input, layout });
      remember([saved]);
      setWidgets((ws) => ws.map((w) => (w.id === tempId ? saved : w)));
    } catch (err) {
      setWidgets((ws) => ws.filter((w) => w.id !== tempId));
      fail('The widget could not be added', err);
    }
  };

  const updateWidget = async (widget: Widget, patch: Partial<WidgetInput> & { published?: boolean }) => {
    if (!current || typeof widget.id !== 'number') return;
    try {
      const saved = await dashboardApi.updateWidget(current.id, widget.id, patch);
      remember([saved]);
      setWidgets((ws) => ws.map((w) => (w.id === widget.id ? saved : w)));
    } catch (err) {
      fail('The widget could not be saved', err);
      throw err;
    }
  };

  const removeWidget = async (widget: Widget) => {
    if (!current || typeof widget.id !== 'number') return;
    try {
      await dashboardApi.removeWidget(current.id, widget.id);
      setWidgets((ws) => ws.filter((w) => w.id !== widget.id));
    } catch (err) {
      fail('The widget could not be deleted', err);
    }
  };

  /** While dragging: the places on screen. */
  const placeWidgets = (places: Map<string, WidgetLayout>) =>
    setWidgets((ws) => ws.map((w) => {
      const p = places.get(String(w.id));
      return p && !sameLayout(p, w.layout) ? { ...w, layout: p } : w;
    }));

  // One layout write at a time, the newest last: two writes in flight could land out of order.
  const layoutQueue = useRef<{ running: boolean; next: { dashboardId: number; layout: Array<{ widgetId: number; layout: WidgetLayout }> } | null }>({ running: false, next: null });
  const drainLayouts = async () => {
    const queue = layoutQueue.current;
    if (queue.running) return;
    queue.running = true;
    while (queue.next) {
      const { dashboardId, layout } = queue.next;
      queue.next = null;
      try {
        await dashboardApi.update(dashboardId, { layout });
        for (const l of layout) savedLayouts.current.set(l.widgetId, l.layout);
      } catch (err) {
        fail('The layout could not be saved', err);
      }
    }
    queue.running = false;
  };

  /** A drag or resize ended: every saved widget's place in one PATCH, when any differs from what the server has. */
  const saveLayout = async (places: Map<string, WidgetLayout>) => {
    if (!current) return;
    placeWidgets(places);
    const layout = widgetsRef.current
      .filter((w): w is Widget & { id: number } => typeof w.id === 'number')
      .map((w) => ({ widgetId: w.id, layout: places.get(String(w.id)) ?? w.layout }));
    const moved = layout.some((l) => {
      const known = savedLayouts.current.get(l.widgetId);
      return !known || !sameLayout(known, l.layout);
    });
    if (!moved) return;
    layoutQueue.current.next = { dashboardId: current.id, layout };
    await drainLayouts();
  };

  return { list, listError, reloadList, current, widgets, loadingOne, openDashboard, create, update, remove, addWidget, updateWidget, removeWidget, placeWidgets, saveLayout };
}

