import { describe, expect, it } from '@jest/globals';
import type { StockEvent } from '@pharmacy/domain';
import { movementsOf } from './movements';

const pharmacyId = '11111111-1111-4111-8111-111111111111';
const productId = '22222222-2222-4222-8222-222222222222';
const batchId = '44444444-4444-4444-8444-444444444401';
const transferId = '88888888-8888-4888-8888-888888888801';

describe('stock ledger movements', () => {
  it('records a receipt, an adjustment and a write-off as signed pack changes', () => {
    const events: StockEvent[] = [
      {
        type: 'BatchReceived',
        data: {
          pharmacyId,
          batchId,
          productId,
          batchNumber: 'L-1',
          quantity: 12,
          purchasePrice: null,
          expiryDate: '2027-01-01',
          receivedDate: '2026-11-01',
          supplierId: null,
        },
      },
      {
        type: 'StockAdjusted',
        data: { pharmacyId, batchId, productId, quantityChange: -2, reason: 'damaged', note: null },
      },
      {
        type: 'StockWrittenOff',
        data: {
          pharmacyId,
          batchId,
          productId,
          quantity: 1,
          looseUnits: 3,
          reason: 'expired',
          witness: 'x',
          note: null,
          writtenOffBy: null,
        },
      },
    ];
    expect(events.flatMap(movementsOf).map((m) => [m.movement, m.quantityChange, m.looseChange])).toEqual([
      ['received', 12, 0],
      ['adjusted', -2, 0],
      ['written_off', -1, -3],
    ]);
  });

  it('records a unit sale as packs opened and loose units left, and a restocked return only', () => {
    const [sold] = movementsOf({
      type: 'SaleCompleted',
      data: {
        saleId: '66666666-6666-4666-8666-666666666601',
        pharmacyId,
        soldAt: '2026-11-22T10:00:00.000Z',
        soldOn: '2026-11-22',
        customerName: null,
        customerPhone: null,
        notes: null,
        totalAmount: '1.50',
        cashReceived: '2.00',
        change: '0.50',
        lines: [
          {
            productId,
            productName: 'x',
            productNameAr: null,
            sku: 'x',
            salesUnit: 'pill',
            unitsPerPackage: 10,
            quantity: 3,
            unitPrice: '0.50',
            totalPrice: '1.50',
            commissionEnabled: false,
            commissionRate: '0.00',
            commissionAmount: '0.00',
            allocations: [
              {
                batchId,
                batchNumber: 'L-1',
                expiryDate: '2027-01-01',
                quantity: 3,
                packsOpened: 1,
                totalPrice: '1.50',
                commissionAmount: '0.00',
              },
            ],
          },
        ],
      },
    });
    expect(sold).toMatchObject({ movement: 'sold', quantityChange: -1, looseChange: 7 });
  });

  it('follows a transfer: reserved packs stay, dispatched ones leave, arrivals come in', () => {
    const items = [{ batchId, productId, quantity: 4 }];
    const moves = [
      ...movementsOf({ type: 'TransferStockReleased', data: { transferId, pharmacyId, items } }),
      ...movementsOf({ type: 'TransferDispatched', data: { transferId, pharmacyId, toPharmacyId: pharmacyId, items } }),
      ...movementsOf({ type: 'TransferStockReturned', data: { transferId, pharmacyId, items } }),
    ];
    expect(moves.map((m) => [m.movement, m.quantityChange, m.reservedChange, m.reference])).toEqual([
      ['released', 0, -4, transferId],
      ['dispatched', -4, -4, transferId],
      ['transfer_returned', 4, 0, transferId],
    ]);
  });

  it('records only the batches a count moved', () => {
    const moves = movementsOf({
      type: 'StockCountPosted',
      data: {
        countId: transferId,
        pharmacyId,
        postedBy: null,
        postedAt: '2026-11-22T10:00:00.000Z',
        postedOn: '2026-11-22',
        adjustments: [
          { batchId, productId, expected: 5, counted: 4, change: -1, reason: 'theft' },
          { batchId: transferId, productId, expected: 2, counted: 2, change: 0, reason: null },
        ],
      },
    });
    expect(moves.map((m) => [m.batchId, m.quantityChange])).toEqual([[batchId, -1]]);
  });
});
