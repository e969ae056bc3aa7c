import { describe, expect, it } from '@jest/globals';
import { fold } from '../shared/decider';
import { specFor } from '../shared/spec-helpers';
import type { CompleteSaleCommand } from './sales';
import { stockDecider, type StockCommand, type StockEvent } from './stock';
import type { ReserveTransferCommand, TransferStockReservedData } from './transfers';

const from = '11111111-1111-4111-8111-111111111111';
const to = '11111111-1111-4111-8111-111111111112';
const productId = '22222222-2222-4222-8222-222222222222';
const early = '44444444-4444-4444-8444-444444444401';
const late = '44444444-4444-4444-8444-444444444402';
const expired = '44444444-4444-4444-8444-444444444403';
const transferId = '88888888-8888-4888-8888-888888888801';
const newBatch = '44444444-4444-4444-8444-444444444499';
const given = specFor(stockDecider);

const receipt = (batchId: string, expiryDate: string, quantity: number, batchNumber: string): StockEvent => ({
  type: 'BatchReceived',
  data: {
    pharmacyId: from,
    batchId,
    productId,
    batchNumber,
    quantity,
    purchasePrice: '1.20',
    expiryDate,
    receivedDate: '2026-10-01',
    supplierId: null,
  },
});
const stocked = [
  receipt(early, '2026-12-31', 3, 'E-1'),
  receipt(late, '2027-06-30', 5, 'L-1'),
  receipt(expired, '2026-11-01', 9, 'X-1'),
];

const reserve = (quantity: number, batchId: string | null = null): ReserveTransferCommand => ({
  type: 'ReserveTransfer',
  transferId,
  pharmacyId: from,
  toPharmacyId: to,
  notes: null,
  requestedBy: null,
  requestedAt: '2026-11-22T09:00:00.000Z',
  today: '2026-11-22',
  items: [{ productId, productName: 'Amoxicillin 500 mg', quantity, batchId }],
  approval: null,
});
const approver = '99999999-9999-4999-8999-999999999901';
const approvedAt = '2026-11-23T08:00:00.000Z';
/** The source's approval of a request made from outside it: the reservation is made only now. */
const approve = (
  quantity: number,
  batchId: string | null = null,
  transferStatus: 'pending' | 'approved' | 'completed' | 'cancelled' = 'pending',
): ReserveTransferCommand => ({
  ...reserve(quantity, batchId),
  approval: { approvedBy: approver, approvedAt, transferStatus },
});

const reserved = (items: TransferStockReservedData['items']): StockEvent => ({
  type: 'TransferStockReserved',
  data: {
    transferId,
    pharmacyId: from,
    toPharmacyId: to,
    notes: null,
    requestedBy: null,
    requestedAt: '2026-11-22T09:00:00.000Z',
    items,
    approval: null,
  },
});
const item = (batchId: string, quantity: number) => ({
  batchId,
  productId,
  batchNumber: batchId === early ? 'E-1' : 'L-1',
  expiryDate: batchId === early ? '2026-12-31' : '2027-06-30',
  purchasePrice: '1.20',
  quantity,
});
const moved = (batchId: string, quantity: number) => ({ batchId, productId, quantity });

const sale = (quantity: number): CompleteSaleCommand => ({
  type: 'CompleteSale',
  saleId: '66666666-6666-4666-8666-666666666601',
  pharmacyId: from,
  soldAt: '2026-11-22T10:00:00.000Z',
  today: '2026-11-22',
  customerName: null,
  customerPhone: null,
  notes: null,
  cashReceived: '100.00',
  lines: [
    {
      productId,
      productName: 'Amoxicillin 500 mg',
      productNameAr: null,
      sku: 'AMX',
      productSalesUnit: 'pill',
      unitsPerPackage: 10,
      price: '2.00',
      commissionEnabled: false,
      commissionRate: '0.00',
      salesUnit: 'whole',
      quantity,
      batchId: null,
    },
  ],
});

const stateAfter = (events: StockEvent[]) => fold(stockDecider, stockDecider.initialState(), events);

describe('reserving stock for a transfer', () => {
  it('holds packs back first-expired-first-out, across batches, never from expired ones', () => {
    given(...stocked)
      .when(reserve(5))
      .then([reserved([item(early, 3), item(late, 2)])]);
  });

  it('holds back the named batch only (the expiry screen moves one batch)', () => {
    given(...stocked)
      .when(reserve(4, late))
      .then([reserved([item(late, 4)])]);
  });

  it('refuses more than the unexpired, unreserved packs, saying how many there are', () => {
    given(...stocked)
      .when(reserve(9))
      .thenRefuses({
        kind: 'conflict',
        code: 'INSUFFICIENT_STOCK',
        message: /Only 8 packs .* can be transferred from here \(9 asked\)/,
      });
    given(...stocked, reserved([item(early, 3), item(late, 2)]))
      .when({ ...reserve(4), transferId: '88888888-8888-4888-8888-888888888802' })
      .thenRefuses({ kind: 'conflict', code: 'INSUFFICIENT_STOCK', message: /Only 3 packs/ });
  });

  it('refuses an expired batch by name', () => {
    given(...stocked)
      .when(reserve(1, expired))
      .thenRefuses({ kind: 'conflict', code: 'BATCH_EXPIRED' });
  });

  it('changes nothing when the same transfer is reserved again', () => {
    given(...stocked, reserved([item(early, 3)]))
      .when(reserve(3))
      .then([]);
  });

  it('keeps reserved packs from sales: no unit is both sold and sent', () => {
    given(...stocked, reserved([item(early, 3), item(late, 2)]))
      .when(sale(4))
      .thenRefuses({ kind: 'conflict', code: 'INSUFFICIENT_STOCK', message: /Only 3 packs/ });
    const [sold] = stockDecider.decide(sale(3), stateAfter([...stocked, reserved([item(early, 3), item(late, 2)])]));
    expect(sold?.type === 'SaleCompleted' && sold.data.lines[0]!.allocations).toEqual([
      expect.objectContaining({ batchId: late, quantity: 3 }),
    ]);
  });

  it('keeps adjustments from taking reserved packs away', () => {
    given(...stocked, reserved([item(early, 3)]))
      .when({
        type: 'AdjustStock',
        pharmacyId: from,
        batchId: early,
        quantityChange: -1,
        reason: 'damaged',
        note: null,
        expectedVersion: null,
      })
      .thenRefuses({ kind: 'conflict', code: 'STOCK_RESERVED', message: /3 packs of batch E-1 are reserved/ });
  });
});

describe("the source's approval of a request from outside it", () => {
  it('reserves from the stock as it is now, and records that it is the approval', () => {
    given(...stocked)
      .when(approve(5))
      .then([
        {
          type: 'TransferStockReserved',
          data: {
            ...(reserved([item(early, 3), item(late, 2)]).data as TransferStockReservedData),
            approval: { approvedBy: approver, approvedAt },
          },
        },
      ]);
  });

  it('is refused, naming the batch, when the named batch no longer holds the packs', () => {
    given(...stocked, reserved([item(late, 4)]))
      .when({ ...approve(3, late), transferId: '88888888-8888-4888-8888-888888888802' })
      .thenRefuses({
        kind: 'conflict',
        code: 'INSUFFICIENT_STOCK',
        message: 'Only 1 pack of Amoxicillin 500 mg in batch L-1 can be transferred from here (3 asked).',
      });
  });

  it('is refused unless the transfer is still pending', () => {
    given(...stocked)
      .when(approve(1, null, 'cancelled'))
      .thenRefuses({ kind: 'conflict', code: 'TRANSFER_STATUS_CONFLICT', message: /is cancelled/ });
  });
});

describe('dispatching, releasing and returning', () => {
  const held = [...stocked, reserved([item(early, 3), item(late, 2)])];
  const dispatch: StockCommand = { type: 'DispatchTransfer', transferId, pharmacyId: from, toPharmacyId: to };

  it('dispatches exactly what was reserved, once', () => {
    given(...held)
      .when(dispatch)
      .then([
        {
          type: 'TransferDispatched',
          data: { transferId, pharmacyId: from, toPharmacyId: to, items: [moved(early, 3), moved(late, 2)] },
        },
      ]);
    const dispatched: StockEvent = {
      type: 'TransferDispatched',
      data: { transferId, pharmacyId: from, toPharmacyId: to, items: [moved(early, 3), moved(late, 2)] },
    };
    given(...held, dispatched)
      .when(dispatch)
      .then([]);
    const after = stateAfter([...held, dispatched]);
    expect([after.batches[early]!.quantity, after.batches[early]!.reserved]).toEqual([0, 0]);
    expect([after.batches[late]!.quantity, after.batches[late]!.reserved]).toEqual([3, 0]);
  });

  it('releases a reservation, once, and the packs are for sale again', () => {
    const release: StockCommand = { type: 'ReleaseTransfer', transferId, pharmacyId: from };
    const released: StockEvent = {
      type: 'TransferStockReleased',
      data: { transferId, pharmacyId: from, items: [moved(early, 3), moved(late, 2)] },
    };
    given(...held)
      .when(release)
      .then([released]);
    given(...held, released)
      .when(release)
      .then([]);
    expect(stockDecider.decide(sale(8), stateAfter([...held, released]))).toHaveLength(1);
  });

  it('puts returned packs back into the batches they left', () => {
    const after = stateAfter([
      ...held,
      {
        type: 'TransferDispatched',
        data: { transferId, pharmacyId: from, toPharmacyId: to, items: [moved(early, 3), moved(late, 2)] },
      },
      {
        type: 'TransferStockReturned',
        data: { transferId, pharmacyId: from, items: [moved(early, 3), moved(late, 2)] },
      },
    ]);
    expect([after.batches[early]!.quantity, after.batches[late]!.quantity]).toEqual([3, 5]);
  });
});

describe('arrival at the destination', () => {
  const arrive = (quantity: number): StockCommand => ({
    type: 'ArriveTransfer',
    transferId,
    pharmacyId: to,
    fromPharmacyId: from,
    today: '2026-11-23',
    items: [{ ...item(early, quantity), newBatchId: newBatch }],
  });

  it('creates a batch with the source batch number, expiry and purchase price', () => {
    given()
      .when(arrive(2))
      .then([
        {
          type: 'TransferStockArrived',
          data: {
            transferId,
            pharmacyId: to,
            fromPharmacyId: from,
            receivedDate: '2026-11-23',
            items: [{ ...item(early, 2), batchId: newBatch, sourceBatchId: early }],
          },
        },
      ]);
  });

  it('tops up the batch of that number and expiry when the destination holds one', () => {
    const own = receipt(early, '2026-12-31', 1, 'e-1');
    const [arrived] = stockDecider.decide(arrive(2), stateAfter([own]));
    expect(arrived?.type === 'TransferStockArrived' && arrived.data.items[0]!.batchId).toBe(early);
    const after = stateAfter([own, arrived!]);
    expect(after.batches[early]!.quantity).toBe(3);
  });

  it('records nothing when nothing arrived', () => {
    given()
      .when({ ...arrive(1), items: [] } as StockCommand)
      .then([]);
  });
});
