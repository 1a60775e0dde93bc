import { describe, expect, it } from 'vitest';
import {
  createLayerItemBody,
  drawKindOf,
  geometryProblem,
  isqrt,
  measure,
  metresPerPoint,
  polylineLengthE8,
  referencePoints,
  TAKEOFF_MESSAGES,
  twiceAreaH2,
  unitMeasure,
  type Point,
} from '../../../resources/plan-takeoff.js';

// A sheet calibrated so that 72 points (one inch of paper) are 10 feet.
const tenFeetPerInch = metresPerPoint({ points: '72', distance: '10', unit: 'ft' }, null);
const square = (x: number, y: number, side: number): Point[] => [
  [x, y],
  [x + side, y],
  [x + side, y + side],
  [x, y + side],
];
const quantity = (result: ReturnType<typeof measure>) => (result.ok ? result.quantityE3 : result.message);

describe('plan takeoff quantities', () => {
  it('takes exact integer square roots', () => {
    expect(isqrt(0n)).toBe(0n);
    expect(isqrt(15n)).toBe(3n);
    expect(isqrt(16n)).toBe(4n);
    expect(isqrt(10n ** 40n)).toBe(10n ** 20n);
    expect(isqrt(10n ** 40n - 1n)).toBe(10n ** 20n - 1n);
  });

  it('measures a polyline in 10⁻⁸ points and a polygon exactly', () => {
    expect(polylineLengthE8([[0, 0], [30, 40]])).toBe(5_000_000_000n);
    expect(polylineLengthE8([[0, 0], [30, 40], [30, 0]])).toBe(9_000_000_000n);
    expect(polylineLengthE8([[0, 0], [1, 1]])).toBe(141_421_356n);
    expect(referencePoints([[10, 10], [10, 154]])).toBe('144.00000000');
    // 72 × 72 points is 5,184 square points, twice that in hundredths squared.
    expect(twiceAreaH2(square(0, 0, 72))).toBe(2n * 5184n * 10_000n);
  });

  it("reads the project's scale factor as the drawing's ratio: 1 in = 40 ft is 480", () => {
    // 50 points of paper are 50/72 in, at 40 ft an inch 27.777… ft: 27.778.
    expect(quantity(measure('line', { points: [[0, 0], [30, 40]] }, 'LF', metresPerPoint(null, '480')))).toBe(27_778n);
    // The same in metres: 27.777… ft × 0.3048 = 8.4666… m.
    expect(quantity(measure('line', { points: [[0, 0], [30, 40]] }, 'm', metresPerPoint(null, '480')))).toBe(8_467n);
  });

  it("prefers the sheet's calibration to the project's factor", () => {
    const scale = metresPerPoint({ points: '144', distance: '20', unit: 'ft' }, '480');
    expect(quantity(measure('line', { points: [[0, 0], [72, 0]] }, 'LF', scale))).toBe(10_000n);
    expect(quantity(measure('line', { points: [[0, 0], [72, 0]] }, 'm', scale))).toBe(3_048n);
    expect(quantity(measure('line', { points: [[0, 0], [72, 0]] }, 'yd', scale))).toBe(3_333n);
  });

  it('subtracts openings from an area and converts square units exactly', () => {
    const area = { points: square(100, 100, 72), openings: [square(110, 110, 36)] };
    // 10 ft × 10 ft less 5 ft × 5 ft.
    expect(quantity(measure('area', area, 'SF', tenFeetPerInch))).toBe(75_000n);
    expect(quantity(measure('area', area, 'sq. ft', tenFeetPerInch))).toBe(75_000n);
    expect(quantity(measure('area', area, 'SY', tenFeetPerInch))).toBe(8_333n);
    // 75 sq ft × 0.09290304 = 6.967728 m².
    expect(quantity(measure('area', area, 'm²', tenFeetPerInch))).toBe(6_968n);
    expect(geometryProblem('area', area)).toBeNull();
  });

  it('counts symbols whatever the scale, and refuses lengths and areas without one or in the wrong unit', () => {
    expect(quantity(measure('count', { points: [[1, 1], [2, 2], [3, 3]] }, 'EA', null))).toBe(3_000n);
    expect(quantity(measure('line', { points: [[0, 0], [10, 0]] }, 'LF', null))).toBe(TAKEOFF_MESSAGES.noScale);
    expect(quantity(measure('line', { points: [[0, 0], [10, 0]] }, 'SF', tenFeetPerInch))).toBe(TAKEOFF_MESSAGES.unitMismatch);
    expect(quantity(measure('area', { points: square(0, 0, 10) }, 'LF', tenFeetPerInch))).toBe(TAKEOFF_MESSAGES.unitMismatch);
  });

  it('refuses areas that cross themselves, openings as large as the area and lines of no length', () => {
    const bowtie: Point[] = [[0, 0], [10, 10], [10, 0], [0, 10]];
    expect(geometryProblem('area', { points: bowtie })).toBe(TAKEOFF_MESSAGES.selfIntersecting);
    expect(geometryProblem('area', { points: square(0, 0, 10), openings: [square(0, 0, 10)] })).toBe(TAKEOFF_MESSAGES.openingTooLarge);
    expect(geometryProblem('line', { points: [[5, 5], [5, 5]] })).toBe(TAKEOFF_MESSAGES.zeroLength);
    expect(geometryProblem('line', { points: [[5, 5]] })).toBe(TAKEOFF_MESSAGES.linePoints);
    expect(geometryProblem('count', { points: [[5, 5]], openings: [square(0, 0, 1)] })).toBe(TAKEOFF_MESSAGES.openings);
  });

  it("draws an item by its production type, else by what its unit measures", () => {
    expect(drawKindOf({ productionItemType: 'linear', unit: 'EA' })).toBe('line');
    expect(drawKindOf({ productionItemType: null, unit: 'SF' })).toBe('area');
    expect(drawKindOf({ productionItemType: 'quantity', unit: 'LF' })).toBe('line');
    expect(drawKindOf({ productionItemType: null, unit: 'EA' })).toBe('count');
    expect(unitMeasure('Ac').kind).toBe('area');
    expect(unitMeasure(null).kind).toBe('count');
  });

  it('rounds coordinates to hundredths of a point and refuses points off the sheet', () => {
    const body = createLayerItemBody.parse({ pageNumber: 1, budgetId: 1, itemId: 2, kind: 'line', geometry: { points: [[1.234, 5.678], [9.999, 0]] } });
    expect(body.geometry.points).toEqual([[1.23, 5.68], [10, 0]]);
    expect(createLayerItemBody.safeParse({ pageNumber: 1, budgetId: 1, itemId: 2, kind: 'line', geometry: { points: [[-1, 0], [1, 1]] } }).success).toBe(false);
    expect(createLayerItemBody.safeParse({ pageNumber: 1, budgetId: 1, itemId: 2, kind: 'line', geometry: { points: [[0, 0], [1, 1]], extra: 1 } }).success).toBe(false);
  });
});
