import { describe, expect, it } from '@jest/globals';
import { addDays } from '../../../lib/dates';
import { batchStatus, sortForBatchManagement, sortForExpiryTracking, trackingStatus } from './batch-status';

const today = '2026-11-15';
const inDays = (days: number) => addDays(today, days);

describe('batch status in Batch Management', () => {
  it.each([
    [-400, 'expired'],
    [-1, 'expired'],
    [0, 'expiresSoon'],
    [7, 'expiresSoon'],
    [30, 'expiresSoon'],
    [31, 'expiring'],
    [60, 'expiring'],
    [61, 'good'],
    [900, 'good'],
  ])('%i days from today is %s', (days, status) => {
    expect(batchStatus(inDays(days), today)).toBe(status);
  });
});

describe('batch status in Expiry Tracking', () => {
  it.each([
    [-1, 'expired'],
    [0, 'critical'],
    [7, 'critical'],
    [8, 'expiresSoon'],
    [30, 'expiresSoon'],
    [31, 'expiring'],
    [60, 'expiring'],
    [61, 'good'],
  ])('%i days from today is %s', (days, status) => {
    expect(trackingStatus(inDays(days), today)).toBe(status);
  });

  it('counts calendar days across a month end and a leap day', () => {
    // 2028 is a leap year: 29 February counts.
    expect(trackingStatus('2028-03-06', '2028-02-28')).toBe('critical');
    expect(trackingStatus('2028-03-07', '2028-02-28')).toBe('expiresSoon');
    expect(trackingStatus('2027-03-07', '2027-02-28')).toBe('critical');
  });
});

describe('sorting', () => {
  const batch = (id: string, days: number) => ({ id, expiryDate: inDays(days) });

  it('puts the most urgent status first, then the earliest expiry', () => {
    const batches = [
      batch('good', 200),
      batch('soon-late', 29),
      batch('expired', -3),
      batch('soon-early', 2),
      batch('expiring', 45),
    ];
    expect(sortForBatchManagement(batches, today).map((b) => b.id)).toEqual([
      'expired',
      'soon-early',
      'soon-late',
      'expiring',
      'good',
    ]);
  });

  it('ranks critical before expires soon in Expiry Tracking', () => {
    const batches = [batch('soon', 20), batch('critical', 6), batch('old', -30), batch('older', -60)];
    expect(sortForExpiryTracking(batches, today).map((b) => b.id)).toEqual(['older', 'old', 'critical', 'soon']);
  });

  it('keeps the original order of equal expiries', () => {
    const batches = [batch('a', 10), batch('b', 10), batch('c', 10)];
    expect(sortForBatchManagement(batches, today).map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });
});
