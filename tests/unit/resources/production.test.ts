import { dailySheetFileName } from '../../../resources/production.js';

describe('the daily production sheet file name (spec 02 §9)', () => {
  it('is Daily_Production_Sheet_{projectCode}_{MMDDYYYY}.xlsx', () => {
    expect(dailySheetFileName('ELM-26', '2026-12-03')).toBe('Daily_Production_Sheet_ELM-26_12032026.xlsx');
  });

  it('keeps a code with spaces or slashes a safe file name', () => {
    expect(dailySheetFileName('MFB 2026/A', '2027-01-09')).toBe('Daily_Production_Sheet_MFB_2026_A_01092027.xlsx');
  });
});
