import { sql, type RawBuilder } from 'kysely';

/**
 * Σ a × b over integer columns (quantity × price in cents), exact on both databases. One product can
 * reach 10^20 (a billion units at the largest price), past the 64-bit integers both databases
 * multiply in: PostgreSQL would fail and SQLite would fall back to a float. So the factors are split
 * into limbs of 10^6 (b, a price below 10^12, always in two; a in two when it may pass 10^12 too, as
 * a production quantity in thousandths does), the partial products are summed per weight in SQL as
 * integers, cast to text there (the PostgreSQL driver reads bigint into a float), written highest
 * weight first and joined in BigInt by readSum. With a in one limb (below 10^9) a partial sum
 * overflows only past 9.2 × 10^18, some nine thousand items at the largest values; with a in two,
 * every partial product is below 10^12, so millions of rows.
 */
const SPLIT = 1_000_000n;
const split = sql.raw(String(SPLIT));

/** A column's limbs, lowest first. */
function limbs(column: string, count: 1 | 2): RawBuilder<unknown>[] {
  const ref = sql.ref(column);
  return count === 1 ? [sql`${ref}`] : [sql`(${ref} % ${split})`, sql`(${ref} / ${split})`];
}

export function sumProduct(a: string, b: string, aLimbs: 1 | 2 = 1) {
  return sumOfWeights(productWeights(a, b, aLimbs));
}

/** a × b's partial products by weight of 10^6 (lowest first), as sumProduct sums them: integers that fit 64 bits. */
function productWeights(a: string, b: string, aLimbs: 1 | 2 = 1): RawBuilder<unknown>[] {
  const as = limbs(a, aLimbs);
  const bs = limbs(b, 2);
  const weights: RawBuilder<unknown>[][] = [];
  as.forEach((x, i) => bs.forEach((y, j) => (weights[i + j] ??= []).push(sql`${x} * ${y}`)));
  return weights.map((terms) => sql`(${sql.join(terms, sql` + `)})`);
}

/** Σ of each weight (lowest first) in the form readSum reads: highest first, joined by ':'. */
export function sumOfWeights(weights: RawBuilder<unknown>[]) {
  const parts = [...weights].reverse().map((w) => sql`cast(sum(${w}) as text)`);
  return sql<string | null>`(${sql.join(parts, sql` || ':' || `)})`;
}

/** The exact value of a sumProduct column; no rows sum to 0. */
export function readSum(value: string | null | undefined): bigint {
  if (!value) return 0n;
  return value.split(':').reduce((sum, part) => sum * SPLIT + BigInt(part), 0n);
}
