import { z } from 'zod';
import { text } from './text.js';

/**
 * Exact money and percents, shared by server and client. Amounts travel as decimal strings with two
 * decimals ("1234.50") and are stored as integer cents; percents travel as numbers or strings with
 * up to three decimals and are stored as integer thousandths of a percent (33.333 % is 33333).
 * Arithmetic runs on BigInt, so no total, retainage or profit ever passes through a binary float.
 */

export const MONEY_MESSAGES = {
  price: 'Price must be a number from 0 to 999,999,999.99 with at most 2 decimals',
  quantity: 'Quantity must be a whole number from 0 to 1,000,000,000',
  percent: 'Percent must be a number from 0 to 100 with at most 3 decimals',
} as const;

/** Largest unit price, in cents: 999,999,999.99. */
export const MAX_PRICE_CENTS = 99_999_999_999n;
/** Largest budget quantity. */
export const MAX_QUANTITY = 1_000_000_000;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A number's shortest decimal form written out without an exponent: String gives '1e-7' below 10^-6
 * and '1e+21' from 10^21, and toFixed rounds the first and keeps the exponent of the second. The
 * digits are shifted, not recomputed, so the value stays exactly the one written.
 */
function plainDecimal(value: number): string {
  const text = String(value);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!m) return text;
  const [, sign, whole, frac = '', exp] = m;
  const digits = whole! + frac;
  const point = whole!.length + Number(exp);
  const body =
    point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + body;
}

/**
 * The decimal written in `value` scaled by 10^scale, exactly, or null when it is not a plain decimal
 * with at most `scale` decimals. A JSON number is read through its shortest decimal form, so 0.1 is
 * 0.1 and not 0.1000000000000000055….
 */
export function parseScaled(value: unknown, scale: number): bigint | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = plainDecimal(value);
  } else if (typeof value === 'string') text = value.trim().replace(/,/g, '');
  else return null;
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const [, sign, whole, frac = ''] = m;
  const fracTrimmed = frac.replace(/0+$/, '');
  if (fracTrimmed.length > scale) return null;
  const n = BigInt(whole! + fracTrimmed.padEnd(scale, '0'));
  return sign ? -n : n;
}

/** A scaled integer written as a decimal with `scale` places: formatScaled(12345n, 2) is '123.45'. */
export function formatScaled(n: bigint | number | string, scale: number): string {
  let v = BigInt(n);
  const negative = v < 0n;
  if (negative) v = -v;
  const digits = v.toString().padStart(scale + 1, '0');
  const out = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${out}` : out;
}

/** Cents as the API's money string: centsToMoney(10n) is '0.10'. */
export const centsToMoney = (cents: bigint | number | string) => formatScaled(cents, 2);
/** Thousandths of a percent as a number for the API: 33333 is 33.333. */
export const e3ToPercent = (e3: number) => Number(formatScaled(e3, 3));

/** a × b / d rounded half away from zero, exactly. */
export function mulDivRound(a: bigint, b: bigint, d: bigint): bigint {
  const p = a * b;
  const q = p / d;
  const r = p % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= (d < 0n ? -d : d)) return p < 0n === d < 0n ? q + 1n : q - 1n;
  return q;
}

/** The part of an amount given by a percent in thousandths: percentOf(10000n, 33333) is 3333n (33.33). */
export const percentOf = (cents: bigint, e3: number) => mulDivRound(cents, BigInt(e3), 100_000n);

/**
 * The spec's rounding helper (spec 02 §5: "rounds up to 2 decimals by default"): half away from zero
 * at `decimals` places, on the decimal text, so 1.005 rounds to 1.01 as written rather than to the
 * 1.00 a float would give.
 */
export function roundUp(value: number | string, decimals = 2): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? plainDecimal(value) : '0') : value;
  const scaled = parseScaled(text, 20);
  if (scaled === null) return Number(text).toFixed(decimals);
  return formatScaled(mulDivRound(scaled, 1n, 10n ** BigInt(20 - decimals)), decimals);
}

/** An amount string for people: '1234567.5' reads '1,234,567.50'. */
export function formatMoney(value: string | number | bigint, currency = '$'): string {
  const fixed = typeof value === 'bigint' ? centsToMoney(value) : roundUp(typeof value === 'number' ? value : value || '0');
  const negative = fixed.startsWith('-');
  const [whole, frac] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${currency}${grouped}.${frac}`;
}

/** A unit price in a body: a number or decimal text, at most 2 decimals; answers cents. Missing is 0 where the caller allows it. */
export const priceInput = z
  .union([z.number(), text()], { error: MONEY_MESSAGES.price })
  .transform((v, ctx) => {
    const cents = parseScaled(v, 2);
    if (cents === null || cents < 0n || cents > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.price });
      return z.NEVER;
    }
    return cents;
  });

/** A whole quantity from 0 to MAX_QUANTITY; numeric text is read as a number (form inputs). */
export const quantityInput = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: MONEY_MESSAGES.quantity }).int(MONEY_MESSAGES.quantity).min(0, MONEY_MESSAGES.quantity).max(MAX_QUANTITY, MONEY_MESSAGES.quantity),
);

/** A percent from 0 to 100 with up to 3 decimals; answers thousandths of a percent. */
export const percentInput = z
  .union([z.number(), text()], { error: MONEY_MESSAGES.percent })
  .transform((v, ctx) => {
    const e3 = parseScaled(v, 3);
    if (e3 === null || e3 < 0n || e3 > 100_000n) {
      ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.percent });
      return z.NEVER;
    }
    return Number(e3);
  });

/** Production and invoice quantities are decimals kept exactly with three places (integer thousandths). */
export const QUANTITY_SCALE = 3;
export const DECIMAL_QUANTITY_MESSAGE = 'Quantity must be a number from 0 to 1,000,000,000 with at most 3 decimals';
/** Largest production quantity, in thousandths. */
export const MAX_QUANTITY_E3 = 1_000_000_000_000n;

/** A decimal quantity (number or decimal text, at most 3 decimals, 0 to 1,000,000,000); answers thousandths. */
export const decimalQuantityInput = z
  .union([z.number(), text()], { error: DECIMAL_QUANTITY_MESSAGE })
  .transform((v, ctx) => {
    const e3 = parseScaled(v, QUANTITY_SCALE);
    if (e3 === null || e3 < 0n || e3 > MAX_QUANTITY_E3) {
      ctx.addIssue({ code: 'custom', message: DECIMAL_QUANTITY_MESSAGE });
      return z.NEVER;
    }
    return e3;
  });

/** Thousandths as the API's quantity text without trailing zeros: 12500 is '12.5', 3000 is '3'. */
export function e3ToQuantity(e3: bigint | number | string): string {
  return formatScaled(e3, QUANTITY_SCALE).replace(/\.?0+$/, '') || '0';
}

/** The amount of a quantity in thousandths at a unit price in cents, in cents, rounded half away from zero. */
export const lineAmountCents = (quantityE3: bigint, priceCents: bigint) => mulDivRound(quantityE3, priceCents, 1000n);
