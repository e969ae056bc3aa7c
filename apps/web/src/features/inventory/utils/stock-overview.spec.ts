import { describe, expect, it } from '@jest/globals';
import { aBatch, aProduct } from '../../../test/catalogue';
import { buildStockOverview, stockStatus } from './stock-overview';

describe('stockStatus', () => {
  it('is out of stock at 0, low at or below the minimum, in stock above it', () => {
    expect(stockStatus(0, 10)).toBe('outOfStock');
    expect(stockStatus(1, 10)).toBe('lowStock');
    expect(stockStatus(10, 10)).toBe('lowStock');
    expect(stockStatus(11, 10)).toBe('inStock');
    expect(stockStatus(0, 0)).toBe('outOfStock');
  });
});

describe('buildStockOverview', () => {
  it('adds up held batches per product, with the nearest expiry and where they are', () => {
    const paracetamol = aProduct({ id: 'p1', minStockLevel: 10 });
    const amoxicillin = aProduct({ id: 'p2', name: 'Amoxicillin' });
    const rows = buildStockOverview(
      [paracetamol, amoxicillin],
      [
        aBatch({ id: 'b1', productId: 'p1', quantity: 30, expiryDate: '2027-05-01', pharmacyId: 'ph1' }),
        aBatch({
          id: 'b2',
          productId: 'p1',
          quantity: 5,
          expiryDate: '2027-01-31',
          pharmacyId: 'ph2',
          pharmacyName: 'Abdoun',
        }),
        // Sold out: not counted, not a location, not the nearest expiry.
        aBatch({ id: 'b3', productId: 'p1', quantity: 0, expiryDate: '2026-12-01', pharmacyId: 'ph3' }),
      ],
    );
    expect(rows[0]).toMatchObject({ onHand: 35, batchCount: 2, nearestExpiry: '2027-01-31', status: 'inStock' });
    expect(rows[0]?.locations.map((location) => location.id)).toEqual(['ph1', 'ph2']);
    expect(rows[1]).toMatchObject({
      onHand: 0,
      batchCount: 0,
      nearestExpiry: null,
      status: 'outOfStock',
      locations: [],
    });
  });
});
