import { describe, it } from '@jest/globals';
import { specFor } from '../shared/spec-helpers';
import { stockDecider, type StockEvent } from './stock';

const pharmacyId = '11111111-1111-4111-8111-111111111111';
const productId = '22222222-2222-4222-8222-222222222222';
const otherProduct = '33333333-3333-4333-8333-333333333333';
const batchId = '44444444-4444-4444-8444-444444444444';
const newBatchId = '55555555-5555-4555-8555-555555555555';
const given = specFor(stockDecider);

const received: StockEvent = {
  type: 'BatchReceived',
  data: {
    pharmacyId,
    batchId,
    productId,
    batchNumber: 'AB123',
    quantity: 40,
    purchasePrice: '1.25',
    expiryDate: '2027-03-31',
    receivedDate: '2026-11-01',
    supplierId: null,
  },
};
const receive = (
  overrides: Partial<{ batchNumber: string; expiryDate: string; quantity: number; productId: string }> = {},
) => ({
  type: 'ReceiveBatch' as const,
  pharmacyId,
  batchId: newBatchId,
  productId,
  batchNumber: 'AB123',
  quantity: 10,
  purchasePrice: '1.30',
  expiryDate: '2027-03-31',
  supplierId: null,
  today: '2026-11-21',
  ...overrides,
});

describe('stock at one pharmacy', () => {
  it('receives a new batch', () => {
    given()
      .when(receive({ batchNumber: ' CD9 ' }))
      .then([
        {
          type: 'BatchReceived',
          data: {
            ...received.data,
            batchId: newBatchId,
            batchNumber: 'CD9',
            quantity: 10,
            purchasePrice: '1.30',
            receivedDate: '2026-11-21',
          },
        },
      ]);
  });

  it('adds a receipt of a batch already held (same number, any letter case) to that batch', () => {
    given(received)
      .when(receive({ batchNumber: 'ab123' }))
      .then([
        {
          type: 'BatchReceived',
          data: { ...received.data, quantity: 10, purchasePrice: '1.30', receivedDate: '2026-11-21' },
        },
      ]);
  });

  it('refuses a batch number already recorded for the product with another expiry date', () => {
    given(received)
      .when(receive({ expiryDate: '2027-04-30' }))
      .thenRefuses({
        kind: 'conflict',
        code: 'BATCH_EXPIRY_MISMATCH',
        message: /already recorded here with expiry date 2027-03-31, not 2027-04-30/,
      });
  });

  it('lets another product use the same batch number', () => {
    given(received)
      .when(receive({ productId: otherProduct, expiryDate: '2028-01-31' }))
      .then([
        {
          type: 'BatchReceived',
          data: {
            ...received.data,
            batchId: newBatchId,
            productId: otherProduct,
            quantity: 10,
            purchasePrice: '1.30',
            expiryDate: '2028-01-31',
            receivedDate: '2026-11-21',
          },
        },
      ]);
  });

  it('refuses expired stock and non-positive quantities', () => {
    given()
      .when(receive({ expiryDate: '2026-11-20' }))
      .thenRefuses({ kind: 'invalid', code: 'EXPIRY_IN_PAST' });
    given()
      .when(receive({ quantity: 0 }))
      .thenRefuses({ kind: 'invalid', code: 'QUANTITY_INVALID' });
    given()
      .when(receive({ quantity: 2.5 }))
      .thenRefuses({ kind: 'invalid', code: 'QUANTITY_INVALID' });
  });

  const correct = (
    fields: Partial<{ batchNumber: string; purchasePrice: string | null; expiryDate: string }> = {},
    quantity = 40,
    expectedVersion: number | null = null,
  ) => ({
    type: 'CorrectBatch' as const,
    pharmacyId,
    batchId,
    fields: { productId, batchNumber: 'AB123', purchasePrice: '1.25', expiryDate: '2027-03-31', ...fields },
    quantity,
    reason: 'count_correction' as const,
    note: null,
    expectedVersion,
  });

  it('corrects a batch, recording only what changed with the old values, and the quantity as a signed adjustment', () => {
    given(received)
      .when(correct({ expiryDate: '2027-02-28' }, 38))
      .then([
        {
          type: 'BatchCorrected',
          data: { pharmacyId, batchId, changes: { expiryDate: '2027-02-28' }, previous: { expiryDate: '2027-03-31' } },
        },
        {
          type: 'StockAdjusted',
          data: { pharmacyId, batchId, productId, quantityChange: -2, reason: 'count_correction', note: null },
        },
      ]);
  });

  it('writes nothing for a correction that changes nothing', () => {
    given(received).when(correct()).then([]);
  });

  it('refuses an edit made on an older version of the batch: a receipt, a correction or an adjustment moved it on', () => {
    const topUp: StockEvent = { ...received, data: { ...received.data, quantity: 5 } };
    given(received)
      .when(correct({}, 35, 1))
      .then([
        {
          type: 'StockAdjusted',
          data: { pharmacyId, batchId, productId, quantityChange: -5, reason: 'count_correction', note: null },
        },
      ]);
    given(received, topUp)
      .when(correct({}, 35, 1))
      .thenRefuses({ kind: 'conflict', code: 'STALE_EDIT', message: /changed by someone else/ });
    given(received, topUp)
      .when(correct({}, 50, 2))
      .then([
        {
          type: 'StockAdjusted',
          data: { pharmacyId, batchId, productId, quantityChange: 5, reason: 'count_correction', note: null },
        },
      ]);
  });

  it('adjusts stock by a signed quantity with a reason, never below zero', () => {
    const adjust = (quantityChange: number, expectedVersion: number | null = null) => ({
      type: 'AdjustStock' as const,
      pharmacyId,
      batchId,
      quantityChange,
      reason: 'damaged' as const,
      note: 'Crushed box',
      expectedVersion,
    });
    given(received)
      .when(adjust(-3))
      .then([
        {
          type: 'StockAdjusted',
          data: { pharmacyId, batchId, productId, quantityChange: -3, reason: 'damaged', note: 'Crushed box' },
        },
      ]);
    given(received)
      .when(adjust(-41))
      .thenRefuses({ kind: 'conflict', code: 'INSUFFICIENT_STOCK', message: /holds 40 units; 41 cannot be taken out/ });
    given(received).when(adjust(0)).thenRefuses({ kind: 'invalid', code: 'QUANTITY_INVALID' });
    given(received).when(adjust(-1, 7)).thenRefuses({ kind: 'conflict', code: 'STALE_EDIT' });
    given().when(adjust(1)).thenRefuses({ kind: 'not_found', code: 'BATCH_NOT_FOUND' });
  });

  it('refuses to correct a batch into the number of another batch of the product, or an unknown batch', () => {
    const other: StockEvent = {
      type: 'BatchReceived',
      data: { ...received.data, batchId: newBatchId, batchNumber: 'ZZ1' },
    };
    given(received, other)
      .when({ ...correct({ batchNumber: 'ab123', purchasePrice: null }, 40), batchId: newBatchId })
      .thenRefuses({ kind: 'conflict', code: 'BATCH_NUMBER_TAKEN' });
    given()
      .when(correct({ batchNumber: 'X' }, 1))
      .thenRefuses({ kind: 'not_found', code: 'BATCH_NOT_FOUND' });
  });

  describe('withdrawal of a product being deleted from the catalogue', () => {
    const withdraw = { type: 'WithdrawProduct' as const, pharmacyId, productId, at: '2026-11-21T10:00:00.000Z' };
    const withdrawn: StockEvent = {
      type: 'ProductWithdrawn',
      data: { pharmacyId, productId, withdrawnAt: '2026-11-21T10:00:00.000Z' },
    };

    it('is refused while the pharmacy holds units of the product', () => {
      given(received).when(withdraw).thenRefuses({ kind: 'conflict', code: 'INVENTORY_EXISTS' });
    });

    it('is recorded once where none is held, and then refuses receipts of the product', () => {
      const sold: StockEvent = {
        type: 'StockAdjusted',
        data: { pharmacyId, batchId, productId, quantityChange: -40, reason: 'lost', note: null },
      };
      given(received, sold).when(withdraw).then([withdrawn]);
      given(withdrawn).when(withdraw).then([]);
      given(withdrawn).when(receive()).thenRefuses({ kind: 'conflict', code: 'PRODUCT_BEING_DELETED' });
      given(withdrawn)
        .when(receive({ productId: otherProduct }))
        .then([
          {
            type: 'BatchReceived',
            data: {
              ...received.data,
              batchId: newBatchId,
              productId: otherProduct,
              quantity: 10,
              purchasePrice: '1.30',
              receivedDate: '2026-11-21',
            },
          },
        ]);
    });

    it('is undone by a reinstatement, after which the product can be received again', () => {
      const reinstated: StockEvent = { type: 'ProductReinstated', data: { pharmacyId, productId } };
      given(withdrawn).when({ type: 'ReinstateProduct', pharmacyId, productId }).then([reinstated]);
      given().when({ type: 'ReinstateProduct', pharmacyId, productId }).then([]);
      given(withdrawn, reinstated)
        .when(receive())
        .then([
          {
            type: 'BatchReceived',
            data: {
              ...received.data,
              batchId: newBatchId,
              quantity: 10,
              purchasePrice: '1.30',
              receivedDate: '2026-11-21',
            },
          },
        ]);
    });
  });
});
