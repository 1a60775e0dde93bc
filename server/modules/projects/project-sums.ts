import { sql, type RawBuilder } from 'kysely';
import { currentDialect } from '../../db/dialect-context.js';

/**
 * An exact sum of cents, as decimal text read with BigInt (docs/decisions.md "Projects and budgets").
 * PostgreSQL multiplies in numeric, since a quantity times a price can pass bigint's range; SQLite
 * sums 64-bit integers and fails rather than round.
 */
export function sumCents(product: (cast: (column: string) => RawBuilder<unknown>) => RawBuilder<unknown>): RawBuilder<string> {
  const cast = currentDialect() === 'postgres' ? (c: string) => sql`cast(${sql.ref(c)} as numeric)` : (c: string) => sql`${sql.ref(c)}`;
  return sql<string>`cast(coalesce(sum(${product(cast)}), 0) as text)`;
}

/** A sum read back: PostgreSQL's numeric text has no fraction here, SQLite's integer none either. */
export const centsOf = (text: string | null | undefined) => BigInt(text ?? '0');
