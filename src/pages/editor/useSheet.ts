import { useCallback, useEffect, useRef, useState } from 'react';
import { PLAN_SHEET_RESOURCE, type Geometry, type LayerItem, type LayerItemsAnswer } from '../../../resources/plan-takeoff';
import type { ApiError } from '../../api/http';
import { useLiveRefresh } from '../../realtime';
import type { SheetApi } from './editor-api';

type CreateBody = Parameters<SheetApi['create']>[0];
/** One drawing across undo and redo: deleting and drawing it again gives it a new id, which every step about it follows. */
interface Ref {
  id: number;
}
type Change = { geometry: Geometry; quantity?: string };
type Step =
  | { kind: 'create'; ref: Ref; body: CreateBody }
  | { kind: 'delete'; ref: Ref; body: CreateBody }
  | { kind: 'update'; ref: Ref; before: Change; after: Change };

const bodyOf = (item: LayerItem): CreateBody => ({
  pageNumber: item.pageNumber,
  budgetId: item.budgetId,
  itemId: item.itemId,
  kind: item.kind,
  geometry: item.geometry,
  ...(item.quantityTyped ? { quantity: item.quantity } : {}),
});

/**
 * A page's drawings, calibrations and marks from the server, and the changes made to them: each
 * change is one API call, and undo/redo replay the inverse call. Another person's change arrives as a
 * live event and loads the page again. A call that fails leaves the page as the server has it and
 * says why in `notice`.
 */
export function useSheet(api: SheetApi, fileId: number, pageNumber: number) {
  const [answer, setAnswer] = useState<LayerItemsAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<{ done: Step[]; undone: Step[] }>({ done: [], undone: [] });
  const refs = useRef(new Map<number, Ref>());
  const itemsRef = useRef<LayerItem[]>([]);
  itemsRef.current = answer?.items ?? [];

  const reload = useCallback(async () => {
    // Without a file there is no sheet to ask for: the page says to open one.
    if (!Number.isInteger(fileId) || fileId <= 0) return;
    try {
      setAnswer(await api.load(pageNumber));
      setLoadError(null);
    } catch (e) {
      setLoadError((e as ApiError).message);
    }
  }, [api, fileId, pageNumber]);

  useEffect(() => {
    setAnswer(null);
    setHistory({ done: [], undone: [] });
    refs.current.clear();
    void reload();
  }, [reload]);
  useLiveRefresh(PLAN_SHEET_RESOURCE, fileId, reload);

  const refOf = (id: number) => {
    let ref = refs.current.get(id);
    if (!ref) refs.current.set(id, (ref = { id }));
    return ref;
  };
  const put = (item: LayerItem) => setAnswer((a) => a && { ...a, items: [...a.items.filter((i) => i.id !== item.id), item] });
  const drop = (id: number) => setAnswer((a) => a && { ...a, items: a.items.filter((i) => i.id !== id) });
  const versionOf = (id: number) => itemsRef.current.find((i) => i.id === id)?.version ?? 1;

  /** Runs one call; a conflict (someone else changed it) or any failure is told, and the page reloads. */
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
      setNotice(null);
      return true;
    } catch (e) {
      setNotice((e as ApiError).message);
      void reload();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const doCreate = async (ref: Ref, body: CreateBody) => {
    const item = await api.create(body);
    refs.current.delete(ref.id);
    ref.id = item.id;
    refs.current.set(item.id, ref);
    put(item);
  };
  const doDelete = async (ref: Ref) => {
    await api.remove(ref.id);
    drop(ref.id);
  };
  const doUpdate = async (ref: Ref, change: Change) => put(await api.update({ itemId: ref.id, version: versionOf(ref.id), ...change }));

  const record = (step: Step) => setHistory((h) => ({ done: [...h.done, step], undone: [] }));

  const create = (body: CreateBody) => {
    const ref: Ref = { id: 0 };
    return run(() => doCreate(ref, body)).then((ok) => ok && record({ kind: 'create', ref, body }));
  };
  const remove = (item: LayerItem) => {
    const ref = refOf(item.id);
    return run(() => doDelete(ref)).then((ok) => ok && record({ kind: 'delete', ref, body: bodyOf(item) }));
  };
  const update = (item: LayerItem, after: Change) => {
    const ref = refOf(item.id);
    const before: Change = { geometry: item.geometry, ...(item.quantityTyped && after.quantity !== undefined ? { quantity: item.quantity } : {}) };
    return run(() => doUpdate(ref, after)).then((ok) => ok && record({ kind: 'update', ref, before, after }));
  };

  const undo = async () => {
    const step = history.done.at(-1);
    if (!step || busy) return;
    const ok = await run(() =>
      step.kind === 'create' ? doDelete(step.ref) : step.kind === 'delete' ? doCreate(step.ref, step.body) : doUpdate(step.ref, step.before),
    );
    if (ok) setHistory((h) => ({ done: h.done.slice(0, -1), undone: [...h.undone, step] }));
  };
  const redo = async () => {
    const step = history.undone.at(-1);
    if (!step || busy) return;
    const ok = await run(() =>
      step.kind === 'create' ? doCreate(step.ref, step.body) : step.kind === 'delete' ? doDelete(step.ref) : doUpdate(step.ref, step.after),
    );
    if (ok) setHistory((h) => ({ done: [...h.done, step], undone: h.undone.slice(0, -1) }));
  };

  /** A change that is not undone step by step (calibration, clearing a layer): run, then load the page again. */
  const act = (call: () => Promise<unknown>) =>
    run(async () => {
      await call();
      await reload();
    });

  return {
    answer,
    loadError,
    notice,
    setNotice,
    busy,
    reload,
    create,
    update,
    remove,
    act,
    undo,
    redo,
    canUndo: history.done.length > 0,
    canRedo: history.undone.length > 0,
  };
}
export type Sheet = ReturnType<typeof useSheet>;
