import type { FigureMeasure } from '../../../resources/figures.js';
import { e3ToQuantity, formatScaled, mulDivRound } from '../../../resources/money.js';

const pow10 = (n: number) => 10n ** BigInt(n);

/** An exact integer with `from` decimal places, rounded half up to `to` places. */
const rescale = (v: bigint, from: number, to: number) => (from <= to ? v * pow10(to - from) : mulDivRound(v, 1n, pow10(from - to)));

/**
 * A measure's value as the answer writes it: money with 2 places, quantities with up to 3, counts
 * whole; an average is the exact sum over the count in BigInt, rounded half up to 2 places.
 */
export function formatMeasure(measure: FigureMeasure, sum: bigint, scale: number, count: bigint): string {
  if (measure.fn === 'count') return count.toString();
  const money = measure.field !== 'quantity';
  if (measure.fn === 'avg') return formatScaled(count === 0n ? 0n : mulDivRound(sum, 100n, count * pow10(scale)), 2);
  return money ? formatScaled(rescale(sum, scale, 2), 2) : e3ToQuantity(rescale(sum, scale, 3));
}
