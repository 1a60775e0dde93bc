import { useState } from 'react';
import { geometryProblem, measure, quantityText, type Geometry, type LayerItem, type LayerItemsAnswer, type Point, type Rational } from '../../../resources/plan-takeoff';
import { QuantityDialog } from './QuantityDialog';
import type { ProductionMarking } from './useProductionMarking';

/**
 * The marking mode's drawing marked on and its finished marks: the page's drawings in the budget to
 * choose from, each mark measured here for the list (again by the server on Save), its quantity
 * asked when the project requires it typed, and Save.
 */
export function useMarkTarget({ marking, items, answer, fileId, pageNumber, scale, onTool, onNotice, onSaved }: {
  marking: ProductionMarking | null;
  items: LayerItem[];
  answer: LayerItemsAnswer | null;
  fileId: number;
  pageNumber: number;
  scale: Rational | null;
  onTool: (kind: LayerItem['kind'] | 'select') => void;
  onNotice: (message: string) => void;
  onSaved: () => void;
}) {
  const [targetId, setTargetId] = useState<number | null>(null);
  const [asking, setAsking] = useState<{ geometry: Geometry; measured: string | null } | null>(null);
  const markable = items.filter((i) => i.pageNumber === pageNumber && i.budgetItemId !== null);
  const target = marking ? (markable.find((i) => i.id === targetId) ?? null) : null;

  const pick = (id: number | null) => {
    const chosen = markable.find((i) => i.id === id);
    if (id !== null && !chosen) onNotice('Add this drawing to the budget before marking production on it');
    setTargetId(chosen?.id ?? null);
    onTool(chosen ? chosen.kind : 'select');
  };
  const add = (geometry: Geometry, quantity: string) =>
    target && marking?.add({ layerItemId: target.id, fileId, pageNumber, itemName: target.itemName, unit: target.unit, geometry, quantity });
  const finish = (points: Point[]) => {
    if (!marking || !target || !answer) return;
    const geometry: Geometry = { points };
    const problem = geometryProblem(target.kind, geometry);
    if (problem) return onNotice(problem);
    const m = measure(target.kind, geometry, target.unit, scale);
    if (answer.requireQuantityOnPDFDraw) return setAsking({ geometry, measured: m.ok ? quantityText(m.quantityE3) : null });
    if (!m.ok) return onNotice(m.message);
    add(geometry, quantityText(m.quantityE3));
  };
  const save = async () => {
    if (!marking) return;
    const problem = await marking.save(!!answer?.requireQuantityOnPDFDraw);
    if (problem) return onNotice(problem);
    onSaved();
  };
  const quantityDialog = asking && target && (
    <QuantityDialog
      itemName={target.itemName}
      unit={target.unit}
      measured={asking.measured}
      onClose={() => setAsking(null)}
      onSave={(quantity) => {
        setAsking(null);
        add(asking.geometry, quantity);
      }}
    />
  );
  return { markable, target, pick, finish, save, quantityDialog };
}
