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

  it('corrects a batch, recording only what changed with the old values', () => {
    given(received)
      .when({
        type: 'CorrectBatch',
        pharmacyId,
        batchId,
        fields: { productId, batchNumber: 'AB123', quantity: 38, purchasePrice: '1.25', expiryDate: '2027-02-28' },
      })
      .then([
        {
          type: 'BatchCorrected',
          data: {
            pharmacyId,
            batchId,
            changes: { quantity: 38, expiryDate: '2027-02-28' },
            previous: { quantity: 40, expiryDate: '2027-03-31' },
          },
        },
      ]);
  });

  it('writes nothing for a correction that changes nothing', () => {
    given(received)
      .when({
        type: 'CorrectBatch',
        pharmacyId,
        batchId,
        fields: { productId, batchNumber: 'AB123', quantity: 40, purchasePrice: '1.25', expiryDate: '2027-03-31' },
      })
      .then([]);
  });

  it('refuses to correct a batch into the number of another batch of the product, or an unknown batch', () => {
    const other: StockEvent = {
      type: 'BatchReceived',
      data: { ...received.data, batchId: newBatchId, batchNumber: 'ZZ1' },
    };
    given(received, other)
      .when({
        type: 'CorrectBatch',
        pharmacyId,
        batchId: newBatchId,
        fields: { productId, batchNumber: 'ab123', quantity: 1, purchasePrice: null, expiryDate: '2027-03-31' },
      })
      .thenRefuses({ kind: 'conflict', code: 'BATCH_NUMBER_TAKEN' });
    given()
      .when({
        type: 'CorrectBatch',
        pharmacyId,
        batchId,
        fields: { productId, batchNumber: 'X', quantity: 1, purchasePrice: null, expiryDate: '2027-03-31' },
      })
      .thenRefuses({ kind: 'not_found', code: 'BATCH_NOT_FOUND' });
  });
});
