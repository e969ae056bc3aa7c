import { describe, expect, it } from '@jest/globals';
import { customDefaults, resolveReportWindow, usesPeriod } from './report-period';

describe('report date windows (specification 001 §7)', () => {
  it('sends the same day as start and end for Today', () => {
    expect(resolveReportWindow('today', '2026-03-01')).toEqual({
      ok: true,
      window: { startDate: '2026-03-01', endDate: '2026-03-01' },
    });
  });

  it('goes 7 days back for Last 7 days, across the end of a month', () => {
    expect(resolveReportWindow('last7', '2026-03-03')).toEqual({
      ok: true,
      window: { startDate: '2026-02-24', endDate: '2026-03-03' },
    });
  });

  it('goes 30 days back for Last 30 days, across a leap day and the end of a year', () => {
    expect(resolveReportWindow('last30', '2024-03-15')).toEqual({
      ok: true,
      window: { startDate: '2024-02-14', endDate: '2024-03-15' },
    });
    expect(resolveReportWindow('last30', '2027-01-10')).toEqual({
      ok: true,
      window: { startDate: '2026-12-11', endDate: '2027-01-10' },
    });
  });

  it('omits both days for All time', () => {
    expect(resolveReportWindow('all', '2026-03-01')).toEqual({ ok: true, window: {} });
  });

  it('sends a custom period as chosen, one day included', () => {
    expect(resolveReportWindow('custom', '2026-03-01', { from: '2001-01-01', to: '2001-01-31' })).toEqual({
      ok: true,
      window: { startDate: '2001-01-01', endDate: '2001-01-31' },
    });
    expect(resolveReportWindow('custom', '2026-03-01', { from: '2026-02-10', to: '2026-02-10' })).toEqual({
      ok: true,
      window: { startDate: '2026-02-10', endDate: '2026-02-10' },
    });
  });

  it('refuses a custom period that ends before it starts', () => {
    expect(resolveReportWindow('custom', '2026-03-01', { from: '2026-02-10', to: '2026-02-09' })).toEqual({
      ok: false,
      problem: 'reversed',
    });
  });

  it('fills a custom day that is missing or not a real date from the last 30 days', () => {
    expect(customDefaults('2026-03-01', {})).toEqual({ startDate: '2026-01-30', endDate: '2026-03-01' });
    expect(customDefaults('2026-03-01', { from: '2026-02-30', to: '2026-02-20' })).toEqual({
      startDate: '2026-01-21',
      endDate: '2026-02-20',
    });
    expect(resolveReportWindow('custom', '2026-03-01', { from: '2026-02-01' })).toEqual({
      ok: true,
      window: { startDate: '2026-02-01', endDate: '2026-03-01' },
    });
  });

  it('applies the period to sales and commissions only: stock reports show stock as it is now', () => {
    expect(usesPeriod('sales')).toBe(true);
    expect(usesPeriod('commission')).toBe(true);
    expect(usesPeriod('inventory')).toBe(false);
    expect(usesPeriod('expiry')).toBe(false);
  });
});
