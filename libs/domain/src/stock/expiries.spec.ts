import { describe, expect, it } from '@jest/globals';
import { fold } from '../shared/decider';
import { stockDecider, type StockEvent } from './stock';

const pharmacyId = '11111111-1111-4111-8111-111111111111';
const productId = '22222222-2222-4222-8222-222222222222';
const batch = (n: number) => `44444444-4444-4444-8444-44444444440${n}`;

const receipt = (n: number, expiryDate: string, quantity: number): StockEvent => ({
  type: 'BatchReceived',
  data: {
    pharmacyId,
    batchId: batch(n),
    productId,
    batchNumber: `B-${n}`,
    quantity,
    purchasePrice: null,
    expiryDate,
    receivedDate: '2026-01-01',
    supplierId: null,
  },
});
const history = [
  receipt(1, '2026-11-20', 4), // expired two days ago
  receipt(2, '2026-11-21', 0 + 3), // expired yesterday
  receipt(3, '2026-11-22', 5), // expires at the end of today: not yet
  receipt(4, '2026-11-01', 2), // expired, but emptied below
  {
    type: 'StockAdjusted',
    data: { pharmacyId, batchId: batch(4), productId, quantityChange: -2, reason: 'damaged', note: null },
  } as StockEvent,
];
const scan = (events: StockEvent[], today: string) =>
  stockDecider.decide(
    { type: 'RecordExpiries', pharmacyId, today },
    fold(stockDecider, stockDecider.initialState(), events),
  );

describe('the expiry scan', () => {
  it('records every batch past its expiry date that still holds units, and no other', () => {
    const recorded = scan(history, '2026-11-22');
    expect(recorded.map((e) => e.type === 'BatchExpired' && [e.data.batchId, e.data.quantity])).toEqual([
      [batch(1), 4],
      [batch(2), 3],
    ]);
  });

  it('records nothing twice: a second scan, the same day or later, finds only what expired since', () => {
    const first = scan(history, '2026-11-22');
    expect(scan([...history, ...first], '2026-11-22')).toEqual([]);
    // Missed days are caught up: whatever expired meanwhile is recorded on the next run.
    const later = scan([...history, ...first], '2026-11-25');
    expect(later.map((e) => e.type === 'BatchExpired' && e.data.batchId)).toEqual([batch(3)]);
  });

  it('leaves the units in the batch, marked expired and never sold', () => {
    const state = fold(stockDecider, stockDecider.initialState(), [...history, ...scan(history, '2026-11-22')]);
    expect(state.batches[batch(1)]).toMatchObject({ quantity: 4, expiredOn: '2026-11-22' });
  });
});
