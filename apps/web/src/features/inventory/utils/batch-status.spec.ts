import { describe, expect, it } from '@jest/globals';
import { addDays } from '../../../lib/dates';
import { batchStatus, trackingStatus } from './batch-status';

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
