import { useState } from 'react';
import type { FootprintKind } from '../../../resources/footprint';
import { areaM2, formatArea, formatLength, lengthM, type LatLng } from '../../../resources/geo';

/**
 * A shape being drawn point by point: add, undo the last point, clear, finish (no more points until
 * drawing resumes). The figure shown is measured with the server's own formula (resources/geo.ts);
 * the server measures again when the shape is saved.
 */
export function useDrawing(initial: { kind: FootprintKind; points: LatLng[] }) {
  const [kind, setKind] = useState<FootprintKind>(initial.kind);
  const [points, setPoints] = useState<LatLng[]>(initial.points);
  const [finished, setFinished] = useState(initial.points.length > 0);
  const enough = points.length >= (kind === 'polygon' ? 3 : 2);
  return {
    kind,
    setKind,
    points,
    finished,
    enough,
    add: (p: LatLng) => !finished && setPoints((all) => [...all, p]),
    undo: () => {
      setFinished(false);
      setPoints((all) => all.slice(0, -1));
    },
    clear: () => {
      setFinished(false);
      setPoints([]);
    },
    finish: () => setFinished(true),
    resume: () => setFinished(false),
    /** '12.5 m² · 134.5 ft² · 14.9 sq yd' for an area, '30.5 m · 100.1 ft' for a line; null until the shape has enough points. */
    measure: !enough ? null : kind === 'polygon' ? formatArea(areaM2(points)) : formatLength(lengthM(points)),
  };
}
export type Drawing = ReturnType<typeof useDrawing>;
