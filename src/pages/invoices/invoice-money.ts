import type { BillableProduction } from '../../../resources/invoice';
import { centsToMoney, parseScaled, percentOf } from '../../../resources/money';

/** Cents of a money string from the API; an unreadable one counts nothing rather than a guess. */
export const cents = (money: string | null | undefined) => parseScaled(money ?? '0', 2) ?? 0n;

/** A retainage percent as typed (up to three decimals) in thousandths, or null when it is not one. */
export function percentE3(typed: string): number | null {
  const e3 = parseScaled(typed.trim() === '' ? '0' : typed, 3);
  return e3 === null || e3 < 0n || e3 > 100_000n ? null : Number(e3);
}

/** What an invoice of these items would come to: the server's rule (subtotal = Σ lines, retainage = percentOf), on BigInt. */
export function selectionTotals(productions: BillableProduction[], selected: ReadonlySet<number>, retainageE3: number | null) {
  let subtotal = 0n;
  let count = 0;
  for (const p of productions)
    for (const item of p.items)
      if (selected.has(item.id)) {
        subtotal += cents(item.amount);
        count += 1;
      }
  const retainage = retainageE3 === null ? 0n : percentOf(subtotal, retainageE3);
  return { count, subtotal: centsToMoney(subtotal), retainage: centsToMoney(retainage), due: centsToMoney(subtotal - retainage) };
}

/** The sum of one production's items, for its heading. */
export const productionAmount = (p: BillableProduction) => centsToMoney(p.items.reduce((sum, i) => sum + cents(i.amount), 0n));

/** The selection as the API's productions: each production with its picked items, in the list's order. */
export function selectedProductions(productions: BillableProduction[], selected: ReadonlySet<number>) {
  return productions
    .map((p) => ({ id: p.id, items: p.items.filter((i) => selected.has(i.id)).map((i) => ({ id: i.id })) }))
    .filter((p) => p.items.length > 0);
}

/** A day 'YYYY-MM-DD' plus some days, in the calendar (no time zone can shift it). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d! + days));
  return date.toISOString().slice(0, 10);
}

/** Today where the browser is. */
export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The retainage still held: retainage − released, never below 0. */
export function retainageHeld(totals: { retainage: string; released: string }): bigint {
  const held = cents(totals.retainage) - cents(totals.released);
  return held > 0n ? held : 0n;
}
