import { useEffect, useMemo, useState } from 'react';
import type { BillableProduction } from '../../../resources/invoice';

/**
 * What is picked to bill, kept across pages and ranges: every production loaded so far is remembered
 * (in the order first loaded), so items picked on a page the list no longer shows still count in the
 * totals and are saved. An edited invoice's own items start picked, once, as their productions arrive.
 */
export function useBillableSelection(loaded: BillableProduction[]) {
  const [known, setKnown] = useState<ReadonlyMap<number, BillableProduction>>(() => new Map());
  const [selected, setSelected] = useState<Set<number>>(() => new Set());

  useEffect(() => {
    const fresh = loaded.filter((p) => !known.has(p.id));
    if (!fresh.length) return;
    setKnown((k) => new Map([...k, ...fresh.map((p) => [p.id, p] as const)]));
    const own = fresh.flatMap((p) => p.items.filter((i) => i.onThisInvoice).map((i) => i.id));
    if (own.length) setSelected((s) => new Set([...s, ...own]));
  }, [loaded, known]);

  const productions = useMemo(() => [...known.values()], [known]);
  return { known, productions, selected, setSelected };
}
