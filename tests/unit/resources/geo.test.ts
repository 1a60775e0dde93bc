import fc from 'fast-check';
import { areaM2, centerOf, distanceM, EARTH_RADIUS_M, formatArea, formatLength, lengthM, type LatLng } from '../../../resources/geo.js';

describe('resources/geo', () => {
  it('a degree of latitude is a 180th of half the great circle', () => {
    expect(distanceM([0, 0], [1, 0])).toBeCloseTo((Math.PI * EARTH_RADIUS_M) / 180, 6);
    expect(distanceM([40, -75], [40, -75])).toBe(0);
  });

  it('a line adds its legs; a closed ring adds the way back', () => {
    const legs: LatLng[] = [
      [0, 0],
      [0, 0.001],
      [0.001, 0.001],
    ];
    expect(lengthM(legs)).toBeCloseTo(distanceM(legs[0]!, legs[1]!) + distanceM(legs[1]!, legs[2]!), 9);
    expect(lengthM(legs, true) - lengthM(legs)).toBeCloseTo(distanceM(legs[2]!, legs[0]!), 9);
    expect(lengthM([[1, 1]])).toBe(0);
  });

  it('a small square at the equator measures its side squared', () => {
    const side = distanceM([0, 0], [0, 0.001]);
    const square: LatLng[] = [
      [0, 0],
      [0, 0.001],
      [0.001, 0.001],
      [0.001, 0],
    ];
    expect(areaM2(square) / (side * side)).toBeCloseTo(1, 5);
  });

  it('the area of a one-degree cell matches the sphere formula', () => {
    const cell: LatLng[] = [
      [45, 10],
      [45, 11],
      [46, 11],
      [46, 10],
    ];
    const exact = EARTH_RADIUS_M ** 2 * (Math.PI / 180) * (Math.sin((46 * Math.PI) / 180) - Math.sin((45 * Math.PI) / 180));
    expect(areaM2(cell) / exact).toBeCloseTo(1, 9);
  });

  it('is the same whichever way the points run, and across the antimeridian', () => {
    const across: LatLng[] = [
      [0, 179.9995],
      [0, -179.9995],
      [0.001, -179.9995],
      [0.001, 179.9995],
    ];
    const here: LatLng[] = [
      [0, 0],
      [0, 0.001],
      [0.001, 0.001],
      [0.001, 0],
    ];
    expect(areaM2(across)).toBeCloseTo(areaM2(here), 3);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: -60, max: 60, noNaN: true }), fc.double({ min: -170, max: 170, noNaN: true })), { minLength: 3, maxLength: 12 }), (pts) => {
        const forward = areaM2(pts as LatLng[]);
        const backward = areaM2([...pts].reverse() as LatLng[]);
        expect(forward).toBeGreaterThanOrEqual(0);
        // Opposite terms cancel in the sum: a few square metres of rounding on a continent-sized ring.
        expect(Math.abs(forward - backward)).toBeLessThanOrEqual(Math.max(1e-6 * forward, 10));
      }),
    );
  });

  it('fewer than three points have no area; the center is the middle of the box', () => {
    expect(areaM2([[0, 0], [1, 1]])).toBe(0);
    expect(centerOf([[10, 20], [12, 26], [11, 21]])).toEqual([11, 23]);
  });

  it('reads in metric and US units', () => {
    expect(formatArea(100)).toBe('100.0 m² · 1,076.4 ft² · 119.6 sq yd');
    expect(formatLength(30.48)).toBe('30.5 m · 100.0 ft');
  });
});
