import { basisPointsToPercent, invoiceSettingsBody, percentToBasisPoints } from '../../../resources/company-invoice.js';
import { DEFAULT_DISPLAY, resolveDisplay } from '../../../resources/display-settings.js';

describe('invoice retainage without floats', () => {
  it.each([
    ['0', 0],
    ['5', 500],
    ['5.5', 550],
    ['5.25', 525],
    ['0.07', 7],
    ['100', 10000],
  ])('%s%% is %i basis points and back', (text, bp) => {
    expect(percentToBasisPoints(text)).toBe(bp);
    expect(basisPointsToPercent(bp)).toBe(text);
  });

  it('normalises what it accepts and refuses what is not a two-decimal percentage', () => {
    const base = { invoiceNumberPrefix: 'INV-', nextInvoiceNumber: 1, paymentTermsDays: 30 };
    const parse = (v: unknown) => invoiceSettingsBody.safeParse({ ...base, defaultRetainagePercent: v });
    expect(parse('05.50').data?.defaultRetainagePercent).toBe('5.5');
    expect(parse(12.5).data?.defaultRetainagePercent).toBe('12.5');
    for (const bad of ['100.01', '1e2', '-1', '5.255', '', 0.1 + 0.2, null, '5,5']) expect(parse(bad).success, String(bad)).toBe(false);
  });
});

describe('display settings', () => {
  it('fills what is missing from the defaults and ignores stored values that are no longer valid', () => {
    expect(resolveDisplay(undefined)).toEqual(DEFAULT_DISPLAY);
    expect(resolveDisplay({ defaultCompanyId: 3, theme: 'slate', layout: { style: 'layout3' } })).toEqual({
      theme: 'slate',
      layout: { ...DEFAULT_DISPLAY.layout, style: 'layout3' },
    });
    expect(resolveDisplay({ theme: 'neon', layout: { style: 'layout2' } })).toEqual(DEFAULT_DISPLAY);
  });
});
