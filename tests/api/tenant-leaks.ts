import { PAGE_SIZE } from '../../server/lib/list-query.js';
import type { Tenant, TenantPrices } from './tenant-kinds.js';

/**
 * What of company A's may not appear in an answer to company B, and the one check every sweep pass
 * (and the self-test, tests/api/tenant-leaks.test.ts) applies to each answer: A's marker (in its
 * names, e-mails, notes), A's figures (its odd unit prices, in dollars or cents, and what the seeded
 * quantities make of them: line totals, production and invoice amounts), and a list total
 * (X-Total-Count) counting rows the answer does not hold.
 */

/** Company A's amounts: prices no amount of B's (PLAIN_PRICES) can add up to by chance. */
export const ODD_PRICES: TenantPrices = { unit: '4873.31', changeOrder: '6151.79', draft: '3517.23', damage: '9187.43' };

/** The quantities the tenant seed puts on its budget items, productions, tasks and change orders, alone and summed. */
const SEEDED_QUANTITIES = [1, 1.5, 2, 2.5, 3, 3.5, 4, 5.5, 10, 12, 14];

export interface Fingerprint {
  marker: string;
  /** A canonical number (`48733.1`) → what of A's it is. */
  figures: Map<string, string>;
}

/** A number as the answer may write it (4873.31, "4873.310", "4,873.31") in one form: no grouping, no trailing zeros. */
function canonical(value: number | string): string | null {
  const text = typeof value === 'number' ? String(value) : value.replace(/,/g, '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A price times a quantity in dollars, exactly and rounded to the cent (as an answer may show either). */
function times(price: string, quantity: number): string[] {
  const milli = BigInt(price.replace('.', '')) * BigInt(Math.round(quantity * 10));
  const cents = (milli + 5n) / 10n;
  const dollars = (units: bigint, places: number) => {
    const digits = units.toString().padStart(places + 1, '0');
    return canonical(`${digits.slice(0, -places)}.${digits.slice(-places)}`)!;
  };
  return [dollars(milli, 3), dollars(cents, 2)];
}

export function fingerprintOf(a: Tenant): Fingerprint {
  const figures = new Map<string, string>();
  for (const [name, price] of Object.entries(a.prices)) {
    figures.set(canonical(price.replace('.', ''))!, `A's ${name} price in cents`);
    for (const quantity of SEEDED_QUANTITIES) for (const figure of times(price, quantity)) figures.set(figure, `A's ${name} price × ${quantity}`);
  }
  return { marker: a.marker.toLowerCase(), figures };
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/** Every number in a JSON value, numeric strings included. */
function* numbersIn(value: unknown): Generator<string> {
  if (typeof value === 'number' || typeof value === 'string') {
    const c = canonical(value);
    if (c) yield c;
  } else if (Array.isArray(value)) {
    for (const v of value) yield* numbersIn(v);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) yield* numbersIn(v);
  }
}

/** What of A's the answer gives away, in words; empty when nothing. */
export function leaksIn(answer: Answer, a: Fingerprint): string[] {
  const out: string[] = [];
  const text = `${JSON.stringify(answer.body ?? '')} ${JSON.stringify(answer.headers)}`.toLowerCase();
  if (text.includes(a.marker)) out.push(`shows company A's marker: ${JSON.stringify(answer.body).slice(0, 200)}`);
  const figures = new Set([...numbersIn(answer.body)].filter((n) => a.figures.has(n)));
  for (const figure of figures) out.push(`shows company A's figure ${figure} (${a.figures.get(figure)})`);
  const total = answer.headers['x-total-count'];
  // A page shorter than a full one is the whole list: its total must be what it holds.
  if (total !== undefined && Array.isArray(answer.body) && answer.body.length < PAGE_SIZE.default && Number(total) !== answer.body.length) {
    out.push(`X-Total-Count ${String(total)} counts rows the answer (${answer.body.length}) does not hold`);
  }
  return out;
}
