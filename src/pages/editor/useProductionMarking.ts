import { useEffect, useRef, useState } from 'react';
import type { Geometry, PlanMark } from '../../../resources/plan-takeoff';
import type { Production } from '../../../resources/production';
import { apiFetch, type ApiError } from '../../api/http';

/** A mark of the production being edited: saved, or drawn since it was opened. */
export interface MarkDraft {
  key: number;
  layerItemId: number;
  fileId: number;
  pageNumber: number;
  itemName: string;
  unit: string | null;
  geometry: Geometry;
  /** Decimal text in the item's unit: measured, or typed when the project requires it. */
  quantity: string;
}

export interface ProductionMarking {
  production: Production | null;
  error: string | null;
  marks: MarkDraft[];
  dirty: boolean;
  saving: boolean;
  add: (mark: Omit<MarkDraft, 'key'>) => void;
  remove: (key: number) => void;
  /** Sends every mark (PATCH /production/{id}/pdf/items replaces them); the server's message on refusal. */
  save: (typedQuantities: boolean) => Promise<string | null>;
  /** This production's marks on one page, drawn on the sheet in place of the saved ones. */
  sheetMarks: (fileId: number, pageNumber: number) => PlanMark[];
}

/**
 * The editor's "mark production" mode (`productionId` in its address): the draft production's marks
 * are kept here while the crew draws what it built on the plan's drawings, across pages, and sent in
 * one call on Save, which measures them on the server and makes the production's plan items.
 */
export function useProductionMarking(productionId: number | null): ProductionMarking | null {
  const [production, setProduction] = useState<Production | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [marks, setMarks] = useState<MarkDraft[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const nextKey = useRef(-1);

  const adopt = (p: Production) => {
    setProduction(p);
    const unitOf = (productionItemId: number) => p.items.find((i) => i.id === productionItemId)?.unit ?? null;
    setMarks(
      p.planMarks.map((m) => ({ key: m.id, layerItemId: m.layerItemId, fileId: m.fileId, pageNumber: m.pageNumber, itemName: m.itemName, unit: unitOf(m.productionItemId), geometry: m.geometry, quantity: m.quantity })),
    );
    setDirty(false);
  };

  useEffect(() => {
    if (!productionId) return;
    let live = true;
    apiFetch<Production>(`/production/${productionId}`, { quiet: true }).then(
      (r) => {
        if (!live) return;
        if (!r.data.canEdit) setError('This production can no longer be changed: only a draft is marked on the plan.');
        adopt(r.data);
      },
      (e: ApiError) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [productionId]);

  if (!productionId) return null;
  return {
    production,
    error,
    marks,
    dirty,
    saving,
    add: (mark) => {
      setMarks((all) => [...all, { ...mark, key: nextKey.current-- }]);
      setDirty(true);
    },
    remove: (key) => {
      setMarks((all) => all.filter((m) => m.key !== key));
      setDirty(true);
    },
    save: async (typedQuantities) => {
      setSaving(true);
      try {
        const body = { marks: marks.map((m) => ({ layerItemId: m.layerItemId, geometry: m.geometry, ...(typedQuantities ? { quantity: m.quantity } : {}) })) };
        const r = await apiFetch<Production>(`/production/${productionId}/pdf/items`, { method: 'PATCH', body, quiet: true });
        adopt(r.data);
        return null;
      } catch (e) {
        return (e as ApiError).message;
      } finally {
        setSaving(false);
      }
    },
    sheetMarks: (fileId, pageNumber) =>
      marks
        .filter((m) => m.fileId === fileId && m.pageNumber === pageNumber)
        .map((m) => ({
          id: m.key,
          productionId,
          productionStatus: production?.status ?? 'draft',
          productionDate: production?.date ?? '',
          crewName: production?.crewName ?? '',
          layerItemId: m.layerItemId,
          geometry: m.geometry,
          quantity: m.quantity,
        })),
  };
}
