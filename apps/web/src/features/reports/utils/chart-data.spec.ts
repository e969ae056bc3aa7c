import { describe, expect, it } from '@jest/globals';
import { expiryExposure, monthsBetween, salesTrend, wrapLabel } from './chart-data';

describe('the sales trend chart', () => {
  it('draws every day of the period, days without a sale as zero', () => {
    const trend = salesTrend(
      [
        { date: '2026-03-03', revenue: '12.50', orders: 1 },
        { date: '2026-03-01', revenue: '100.10', orders: 4 },
      ],
      { startDate: '2026-02-28', endDate: '2026-03-03' },
      '2026-03-03',
    );
    expect(trend.bucket).toBe('day');
    expect(trend.points).toEqual([
      { key: '2026-02-28', revenue: 0, revenueText: '0.00', orders: 0 },
      { key: '2026-03-01', revenue: 100.1, revenueText: '100.10', orders: 4 },
      { key: '2026-03-02', revenue: 0, revenueText: '0.00', orders: 0 },
      { key: '2026-03-03', revenue: 12.5, revenueText: '12.50', orders: 1 },
    ]);
  });

  it('runs all time from the first day with a sale to today', () => {
    const trend = salesTrend([{ date: '2026-02-27', revenue: '5.00', orders: 1 }], {}, '2026-03-01');
    expect(trend.points.map((point) => point.key)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('sums by month when the period is longer than about three months, refunds included', () => {
    const trend = salesTrend(
      [
        { date: '2025-11-03', revenue: '10.05', orders: 1 },
        { date: '2025-11-20', revenue: '0.10', orders: 1 },
        { date: '2025-11-21', revenue: '0.20', orders: 1 },
        { date: '2026-02-02', revenue: '-2.00', orders: 0 },
      ],
      { startDate: '2025-10-15', endDate: '2026-02-14' },
      '2026-02-14',
    );
    expect(trend.bucket).toBe('month');
    expect(trend.points).toEqual([
      { key: '2025-10', revenue: 0, revenueText: '0.00', orders: 0 },
      { key: '2025-11', revenue: 10.35, revenueText: '10.35', orders: 3 },
      { key: '2025-12', revenue: 0, revenueText: '0.00', orders: 0 },
      { key: '2026-01', revenue: 0, revenueText: '0.00', orders: 0 },
      { key: '2026-02', revenue: -2, revenueText: '-2.00', orders: 0 },
    ]);
  });

  it('has nothing to draw for all time without a sale', () => {
    expect(salesTrend([], {}, '2026-03-01')).toEqual({ bucket: 'day', points: [] });
  });

  it('lists the months between two months, across a year', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-01')).toEqual([]);
  });
});

describe('the expiry exposure chart', () => {
  it('marks past months expired, this month and the next soon, and keeps empty months as zero', () => {
    const points = expiryExposure(
      [
        { month: '2027-01', units: 4, costValue: '40.00' },
        { month: '2026-10', units: 3, costValue: '6.30' },
        { month: '2026-12', units: 2, costValue: '1.05' },
      ],
      '2026-11-22',
    );
    expect(points.map((point) => [point.month, point.tone, point.units, point.costValueText])).toEqual([
      ['2026-10', 'expired', 3, '6.30'],
      ['2026-11', 'soon', 0, '0.00'],
      ['2026-12', 'soon', 2, '1.05'],
      ['2027-01', 'later', 4, '40.00'],
    ]);
    expect(expiryExposure([], '2026-11-22')).toEqual([]);
  });
});

describe('axis labels', () => {
  it('keeps a short name on one line', () => {
    expect(wrapLabel('Downtown', 18)).toEqual(['Downtown']);
  });

  it('breaks a long name between words, so names alike at the start stay apart', () => {
    expect(wrapLabel('Al-Shifa Pharmacy — Downtown', 18)).toEqual(['Al-Shifa Pharmacy', '— Downtown']);
    expect(wrapLabel('صيدلية الشفاء — عبدون', 18)).toEqual(['صيدلية الشفاء —', 'عبدون']);
  });

  it('ends what does not fit in two lines with an ellipsis, and cuts a single overlong word', () => {
    expect(wrapLabel('Amoxicillin 500 mg capsules, blister of twenty-one', 18)).toEqual([
      'Amoxicillin 500 mg',
      'capsules, blister…',
    ]);
    expect(wrapLabel('Supercalifragilisticexpialidocious', 10)).toEqual(['Supercali…']);
  });
});
