import {
  centsToMoney,
  DECIMAL_QUANTITY_MESSAGE,
  decimalQuantityInput,
  e3ToQuantity,
  lineAmountCents,
  e3ToPercent,
  formatMoney,
  formatScaled,
  MONEY_MESSAGES,
  mulDivRound,
  parseScaled,
  percentInput,
  percentOf,
  priceInput,
  quantityInput,
  roundUp,
} from '../../../resources/money.js';

/** The cents a price input reads, or the first error message. */
const price = (value: unknown) => {
  const r = priceInput.safeParse(value);
  return r.success ? r.data : r.error.issues[0]!.message;
};
const percent = (value: unknown) => {
  const r = percentInput.safeParse(value);
  return r.success ? r.data : r.error.issues[0]!.message;
};

describe('parseScaled: decimals read exactly', () => {
  it.each([
    ['0.1', 2, 10n],
    [0.1, 2, 10n],
    ['0.10', 2, 10n],
    ['1,234.5', 2, 123450n],
    [' 7 ', 2, 700n],
    ['-1.05', 2, -105n],
    [33.333, 3, 33333n],
    [1e21, 2, 100000000000000000000000n],
    ['0.001', 3, 1n],
    ['5.000', 2, 500n],
    // Numbers JavaScript writes with an exponent are read digit for digit.
    [1.5e-7, 8, 15n],
    [-2e21, 0, -2000000000000000000000n],
  ])('%j at scale %i is %s', (value, scale, expected) => {
    expect(parseScaled(value, scale)).toBe(expected);
  });

  it.each([[1e-7, 2], ['0.001', 2], ['abc', 2], ['1e3', 2], ['', 2], ['1.2.3', 2], [Infinity, 2], [NaN, 2], [null, 2], [true, 2], ['0x10', 2]])('%j at scale %i is not a decimal', (value, scale) => {
    expect(parseScaled(value, scale)).toBeNull();
  });
});

describe('priceInput, quantityInput and percentInput', () => {
  it('reads prices as cents, from numbers or text, at most two decimals', () => {
    expect(price('0.1')).toBe(10n);
    expect(price(0.1)).toBe(10n);
    expect(price(0)).toBe(0n);
    expect(price('999,999,999.99')).toBe(99_999_999_999n);
    expect(price(999999999.99)).toBe(99_999_999_999n);
  });

  it.each([0.001, '0.001', 1e-7, 1e309, '1e309', 'abc', -1, '-0.01', 1_000_000_000, '1000000000.00', null, true, ''])('refuses the price %j', (value) => {
    expect(price(value)).toBe(MONEY_MESSAGES.price);
  });

  it('reads whole quantities, from numbers or digit text, and refuses fractions', () => {
    expect(quantityInput.parse(3)).toBe(3);
    expect(quantityInput.parse(' 42 ')).toBe(42);
    expect(quantityInput.parse(1_000_000_000)).toBe(1_000_000_000);
    for (const bad of [1.5, '1.5', -1, 1_000_000_001, 'abc', Infinity]) expect(quantityInput.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('reads percents as thousandths, up to three decimals and 100', () => {
    expect(percent('33.333')).toBe(33333);
    expect(percent(33.333)).toBe(33333);
    expect(percent(100)).toBe(100000);
    expect(percent('0.001')).toBe(1);
    for (const bad of ['0.0001', 100.001, -1, 'abc', 1e309]) expect(percent(bad), String(bad)).toBe(MONEY_MESSAGES.percent);
    expect(e3ToPercent(33333)).toBe(33.333);
  });
});

describe('exact amounts', () => {
  it('sums 0.1 three times to 0.30, not 0.30000000000000004', () => {
    const cents = [0.1, 0.1, 0.1].map((v) => parseScaled(v, 2)!).reduce((a, b) => a + b, 0n);
    expect(centsToMoney(cents)).toBe('0.30');
  });

  it('multiplies 999,999.99 by 1,000,000 exactly', () => {
    expect(centsToMoney(parseScaled('999999.99', 2)! * 1_000_000n)).toBe('999999990000.00');
    // Past 2^53 cents, where a float would already be off.
    expect(centsToMoney(99_999_999_999n * 1_000_000_000n)).toBe('999999999990000000.00');
  });

  it('takes percents of amounts rounded half away from zero to the cent', () => {
    expect(centsToMoney(percentOf(10000n, 33333))).toBe('33.33');
    expect(centsToMoney(percentOf(3n, 33333))).toBe('0.01');
    expect(centsToMoney(percentOf(1n, 50000))).toBe('0.01');
    expect(centsToMoney(percentOf(1n, 49999))).toBe('0.00');
    expect(centsToMoney(percentOf(-1n, 50000))).toBe('-0.01');
    expect(centsToMoney(percentOf(0n, 33333))).toBe('0.00');
  });

  it('rounds half away from zero in mulDivRound, for both signs', () => {
    expect(mulDivRound(5n, 1n, 10n)).toBe(1n);
    expect(mulDivRound(-5n, 1n, 10n)).toBe(-1n);
    expect(mulDivRound(4n, 1n, 10n)).toBe(0n);
    expect(mulDivRound(-4n, 1n, 10n)).toBe(0n);
    expect(mulDivRound(15n, 1n, -10n)).toBe(-2n);
  });

  it('writes scaled integers with their decimals and sign', () => {
    expect(formatScaled(5n, 2)).toBe('0.05');
    expect(formatScaled(-5n, 2)).toBe('-0.05');
    expect(formatScaled('123456', 3)).toBe('123.456');
    expect(centsToMoney(0)).toBe('0.00');
  });
});

describe('roundUp and formatMoney', () => {
  it.each([
    [1.005, '1.01'],
    [2.675, '2.68'],
    ['1.004', '1.00'],
    [-1.005, '-1.01'],
    [0.1 + 0.2, '0.30'],
    [1e21, '1000000000000000000000.00'],
    [12, '12.00'],
    [1e-7, '0.00'],
    [5e-3, '0.01'],
  ])('rounds %j to %s', (value, expected) => {
    expect(roundUp(value)).toBe(expected);
  });

  it('rounds to other places', () => {
    expect(roundUp(2.5, 0)).toBe('3');
    expect(roundUp(-2.5, 0)).toBe('-3');
    expect(roundUp('0.0005', 3)).toBe('0.001');
  });

  it('groups thousands and keeps the sign before the currency', () => {
    expect(formatMoney('1234567.5')).toBe('$1,234,567.50');
    expect(formatMoney(-123456n)).toBe('-$1,234.56');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney('999999990000.00')).toBe('$999,999,990,000.00');
    expect(formatMoney('', '€')).toBe('€0.00');
    expect(formatMoney(2.675)).toBe('$2.68');
  });
});

describe('decimal quantities of production and invoices', () => {
  const quantity = (value: unknown) => {
    const r = decimalQuantityInput.safeParse(value);
    return r.success ? r.data : r.error.issues[0]!.message;
  };

  it('reads numbers and decimal text exactly as thousandths', () => {
    expect(quantity(0.1)).toBe(100n);
    expect(quantity('12.5')).toBe(12_500n);
    expect(quantity('1,000.125')).toBe(1_000_125n);
    expect(quantity(1_000_000_000)).toBe(1_000_000_000_000n);
    expect(quantity('0')).toBe(0n);
  });

  it.each([['1.2345'], [-1], ['1000000000.001'], ['abc'], [''], [null], [Number.NaN]])('refuses %s with the message', (value) => {
    expect(quantity(value)).toBe(DECIMAL_QUANTITY_MESSAGE);
  });

  it('writes thousandths back without trailing zeros', () => {
    expect(e3ToQuantity(12_500n)).toBe('12.5');
    expect(e3ToQuantity(3_000)).toBe('3');
    expect(e3ToQuantity(100_000n)).toBe('100');
    expect(e3ToQuantity(0)).toBe('0');
    expect(e3ToQuantity('1')).toBe('0.001');
  });

  it('prices a line to the cent, half away from zero, without floats', () => {
    // 0.1 + 0.2 of a 0.10 item: 0.03 exactly.
    expect(lineAmountCents(300n, 10n)).toBe(3n);
    // 12.345 × 3.33 = 41.10885 → 41.11.
    expect(lineAmountCents(12_345n, 333n)).toBe(4_111n);
    // 0.005 × 1.00 = 0.005 → 0.01.
    expect(lineAmountCents(5n, 100n)).toBe(1n);
    // A billion units at 999,999,999.99, past 2^53 cents, exact.
    expect(lineAmountCents(1_000_000_000_000n, 99_999_999_999n)).toBe(99_999_999_999_000_000_000n);
  });
});
