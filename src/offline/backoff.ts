const FIRST_MS = 1000;
const LONGEST_MS = 5 * 60 * 1000;

/**
 * The wait before the next try after `attempts` failed ones: 1 s doubling up to 5 min, half of it
 * random so that the phones of a site that lost its signal together do not all call back at once.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const full = Math.min(LONGEST_MS, FIRST_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (full / 2) * random());
}
