import { describe, expect, it } from '@jest/globals';
import { aCommissionRow } from '../../../test/reports';
import { batchIdOf, commissionTotals, expiryTone, localDateTime, transactionId } from './report-rows';

describe('identifiers on the reports (specification 001 §2, §9)', () => {
  it("shows a sale as '#' and the last 8 characters of its id", () => {
    expect(transactionId('3c9d1e2f-0000-4000-8000-00000000a5e1')).toBe('#0000A5E1');
    expect(transactionId('abc')).toBe('#ABC');
  });

  it("shows a batch as the last 8 characters of its id, or 'N/A' without one", () => {
    expect(batchIdOf('7a1b2c3d-0000-4000-8000-0000000000b1', 'N/A')).toBe('000000B1');
    expect(batchIdOf(null, 'N/A')).toBe('N/A');
    expect(batchIdOf(undefined, 'غير متوفر')).toBe('غير متوفر');
    expect(batchIdOf('  ', 'N/A')).toBe('N/A');
  });
});

describe('days until expiry colouring (specification 001 §9)', () => {
  it.each([
    [-12, 'red'],
    [0, 'red'],
    [7, 'red'],
    [8, 'orange'],
    [30, 'orange'],
    [31, 'muted'],
    [90, 'muted'],
  ] as const)('%i days is %s', (days, tone) => {
    expect(expiryTone(days)).toBe(tone);
  });
});

describe('report rows', () => {
  it('adds commissions up to the cent, without floating point drift', () => {
    const rows = [
      aCommissionRow({ commissionAmount: '0.10', totalPrice: '0.10' }),
      aCommissionRow({ commissionAmount: '0.20', totalPrice: '0.20' }),
      aCommissionRow({ commissionAmount: '1.50', totalPrice: '37.50' }),
    ];
    expect(commissionTotals(rows)).toEqual({ commission: '1.80', sales: '37.80' });
    expect(commissionTotals([])).toEqual({ commission: '0.00', sales: '0.00' });
  });

  it('writes an instant as the local date and time for a spreadsheet', () => {
    const instant = new Date(2026, 2, 1, 9, 5).toISOString();
    expect(localDateTime(instant)).toBe('2026-03-01 09:05');
    expect(localDateTime('not a date')).toBe('not a date');
  });
});
