import { sql } from 'kysely';

/**
 * Σ a × b over integer columns (quantity × price in cents), exact on both databases. One product can
 * reach 10^20 (a billion units at the largest price), past the 64-bit integers both databases
 * multiply in: PostgreSQL would fail and SQLite would fall back to a float. So the price is split at
 * 10^6 and the two partial sums are added up in SQL as integers (each product below 10^15), cast to
 * text there (the PostgreSQL driver reads bigint into a float) and joined in BigInt by readSum. A
 * partial sum overflows only past 9.2 × 10^18, some nine thousand items at the largest values.
 */
const SPLIT = 1_000_000n;
const split = sql.raw(String(SPLIT));

export const sumProduct = (a: string, b: string) =>
  sql<string | null>`(cast(sum(${sql.ref(a)} * (${sql.ref(b)} / ${split})) as text) || ':' || cast(sum(${sql.ref(a)} * (${sql.ref(b)} % ${split})) as text))`;

/** The exact value of a sumProduct column; no rows sum to 0. */
export function readSum(value: string | null | undefined): bigint {
  if (!value) return 0n;
  const [high, low] = value.split(':');
  return BigInt(high!) * SPLIT + BigInt(low!);
}
