import { areaM2, centerOf, lengthM, type LatLng } from '../../../resources/geo.js';
import type { FootprintKind } from '../../../resources/footprint.js';

/** Measures kept to the centimetre (square centimetre): finer is noise from the drawing hand. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * What the server stores of a drawn shape, computed here from its points and never taken from the
 * client: an area's square metres and perimeter, a line's length, and the middle of its box.
 */
export function measure(kind: FootprintKind, points: LatLng[]) {
  const [centerLat, centerLng] = centerOf(points);
  return {
    area_m2: kind === 'polygon' ? round2(areaM2(points)) : null,
    length_m: round2(lengthM(points, kind === 'polygon')),
    center_lat: centerLat,
    center_lng: centerLng,
  };
}
