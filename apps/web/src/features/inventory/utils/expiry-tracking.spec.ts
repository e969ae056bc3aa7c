import { describe, expect, it } from '@jest/globals';
import { addDays } from '../../../lib/dates';
import { aBatch } from '../../../test/catalogue';
import { shortProductId, trackingRows, unitsByStatus, urgentRows } from './expiry-tracking';

const today = '2026-11-15';

describe('Expiry Tracking rows', () => {
  const batches = [
    aBatch({ id: 'good', quantity: 100, expiryDate: addDays(today, 200) }),
    aBatch({ id: 'sold-out', quantity: 0, expiryDate: addDays(today, -5) }),
    aBatch({ id: 'critical', quantity: 4, expiryDate: addDays(today, 3) }),
    aBatch({ id: 'expired', quantity: 7, expiryDate: addDays(today, -2) }),
    aBatch({ id: 'soon', quantity: 10, expiryDate: addDays(today, 20) }),
    aBatch({ id: 'expiring', quantity: 12, expiryDate: addDays(today, 45) }),
  ];

  it('hides batches with nothing left and sorts the rest by urgency, with the days left', () => {
    const rows = trackingRows(batches, today);
    expect(rows.map((row) => [row.batch.id, row.status, row.days])).toEqual([
      ['expired', 'expired', -2],
      ['critical', 'critical', 3],
      ['soon', 'expiresSoon', 20],
      ['expiring', 'expiring', 45],
      ['good', 'good', 200],
    ]);
  });

  it('adds up units per status for the summary cards', () => {
    expect(unitsByStatus(trackingRows(batches, today))).toEqual({
      expired: 7,
      critical: 4,
      expiresSoon: 10,
      expiring: 12,
      good: 100,
    });
  });

  it('names at most five expired or critical batches in the urgent banner', () => {
    const many = Array.from({ length: 8 }, (_, index) =>
      aBatch({ id: `b${index}`, quantity: 1, expiryDate: addDays(today, index - 4) }),
    );
    const urgent = urgentRows(trackingRows(many, today));
    expect(urgent.map((row) => row.batch.id)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
    expect(urgentRows(trackingRows([aBatch({ expiryDate: addDays(today, 8) })], today))).toEqual([]);
  });

  it('shows the product id’s last 8 characters, upper-case', () => {
    expect(shortProductId('7a1b2c3d-0000-4000-8000-0000000000a1')).toBe('000000A1');
  });
});
